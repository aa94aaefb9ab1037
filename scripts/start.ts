/**
 * `npm start`: build if the sources changed, migrate, seed an empty database, serve on PORT.
 * On PostgreSQL, WEB_CONCURRENCY server processes (default: one per core), each running this same
 * script as a cluster worker, serve the connections this process accepts on the port and hands
 * them in turn; on the embedded database there is one process.
 */
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

import { availableParallelism } from "node:os";
import { authSecret } from "@/lib/auth-secret";
import { config, ConfigError } from "@/lib/config";
import { closeDatabase, database } from "@/lib/db";
import { buildIfNeeded } from "@/lib/server/build";
import { isClusterWorker, runCluster } from "@/lib/server/cluster";
import { prepareDatabase } from "@/lib/server/prepare-database";
import { startClusterWorkerServer, startHttpServer } from "@/lib/server/http-server";
import { firstRunHints } from "@/lib/server/first-run";
import { startBackgroundWork } from "@/lib/server/background";

async function main(): Promise<void> {
  const settings = config();
  const listenOn = { port: settings.PORT, hostname: settings.HOSTNAME };
  if (isClusterWorker()) {
    serveUntilStopped(await startClusterWorkerServer(listenOn));
    return;
  }
  authSecret(); // fails now, not at the first staff sign-in, when a required secret is missing
  buildIfNeeded();
  await prepareDatabase(console.log);
  const hints = await firstRunHints();
  const { target } = database();
  const announce = (url: string, processes: number) => {
    console.log(`\nReady on ${settings.PUBLIC_URL ?? url}  (${target.description}; ${processes} server process${processes > 1 ? "es" : ""})`);
    for (const line of hints) console.log(line);
  };

  if (target.kind === "pglite") {
    const ignored = settings.WEB_CONCURRENCY && settings.WEB_CONCURRENCY > 1 ? `, so WEB_CONCURRENCY=${settings.WEB_CONCURRENCY} is ignored` : "";
    console.log(`One server process: the embedded database is single-process${ignored}. On PostgreSQL there is one per core.`);
    const server = await startHttpServer(listenOn);
    serveUntilStopped(server);
    announce(server.url, 1);
    return;
  }
  const workers = settings.WEB_CONCURRENCY ?? availableParallelism();
  await closeDatabase(); // each worker opens its own pool
  runCluster({ workers, ...listenOn, log: console.log, onReady: (url) => announce(url, workers) });
}

/** Runs the background work beside `server` in this process, and stops both on SIGTERM or SIGINT. */
function serveUntilStopped(server: { close(): Promise<void> }): void {
  const stopBackgroundWork = startBackgroundWork();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!isClusterWorker()) console.log(`${signal}: shutting down`);
    await server.close();
    await stopBackgroundWork();
    await closeDatabase();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch(async (error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  await closeDatabase().catch(() => {});
  process.exit(1);
});
