/**
 * `npm start`: build if the sources changed, migrate, seed an empty database, serve on PORT.
 * On PostgreSQL, WEB_CONCURRENCY server processes (default: one per core), each running this same
 * script as a cluster worker, serve the connections this process accepts on the port and hands
 * them in turn. On the embedded database there is one process: it takes the data directory's lock
 * before anything else (a second start stops there), and runs the operators' commands for
 * `npm run cli` (lib/server/control-channel.ts).
 */
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

import { availableParallelism } from "node:os";
import { authSecret } from "@/lib/staff/auth-secret";
import { config, ConfigError } from "@/lib/config";
import { closeDatabase, database } from "@/lib/db";
import { DatabaseInUseError } from "@/lib/db/lock";
import { buildIfNeeded } from "@/lib/server/build";
import { isClusterWorker, runCluster } from "@/lib/runtime/cluster";
import { prepareDatabase } from "@/lib/server/prepare-database";
import { startClusterWorkerServer, startHttpServer } from "@/lib/server/http-server";
import { firstRunHints } from "@/lib/server/first-run";
import { startBackgroundWork } from "@/lib/server/background";
import { startControlChannel } from "@/lib/server/control-channel";

async function main(): Promise<void> {
  const settings = config();
  const listenOn = { port: settings.PORT, hostname: settings.HOSTNAME };
  if (isClusterWorker()) {
    serveUntilStopped(await startClusterWorkerServer(listenOn));
    return;
  }
  // Opened first: on the embedded database a second start stops here, before it builds or touches anything.
  const { target } = database();
  authSecret(); // fails now, not at the first staff sign-in, when a required secret is missing
  buildIfNeeded();
  await prepareDatabase(console.log);
  const hints = await firstRunHints();
  const announce = (url: string, processes: number) => {
    const publicUrl = settings.PUBLIC_URL ?? url;
    console.log(
      `\nReady on ${publicUrl}  (${target.description}; ${processes} server process${processes > 1 ? "es" : ""})`,
    );
    for (const line of hints(publicUrl)) console.log(line);
  };

  if (target.kind === "pglite") {
    const ignored =
      settings.WEB_CONCURRENCY && settings.WEB_CONCURRENCY > 1
        ? `, so WEB_CONCURRENCY=${settings.WEB_CONCURRENCY} is ignored`
        : "";
    console.log(
      `One server process: the embedded database is single-process${ignored}. On PostgreSQL there is one per core.`,
    );
    const server = await startHttpServer(listenOn);
    const commandLine = target.dataDir ? await startControlChannel(target.dataDir) : undefined;
    serveUntilStopped(server, commandLine);
    announce(server.url, 1);
    return;
  }
  const workers = settings.WEB_CONCURRENCY ?? availableParallelism();
  await closeDatabase(); // each worker opens its own pool
  runCluster({ workers, ...listenOn, log: console.log, onReady: (url) => announce(url, workers) });
}

/**
 * Runs the background work beside `servers` in this process, and stops it all on SIGTERM or SIGINT:
 * the servers first (what they are doing finishes), the database last.
 */
function serveUntilStopped(...servers: ({ close(): Promise<void> } | undefined)[]): void {
  const stopBackgroundWork = startBackgroundWork();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!isClusterWorker()) console.log(`${signal}: shutting down`);
    await Promise.all(servers.map((server) => server?.close()));
    await stopBackgroundWork();
    await closeDatabase();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch(async (error) => {
  console.error(error instanceof ConfigError || error instanceof DatabaseInUseError ? error.message : error);
  await closeDatabase().catch(() => {});
  process.exit(1);
});
