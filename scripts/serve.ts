/**
 * A server process of `npm start`, compiled into .workers/server.mjs (lib/platform/runtime/worker-scripts.ts)
 * so that it runs on plain node: scripts/start.mjs runs it in its own process when one server process
 * serves, and the cluster's primary (scripts/primary.ts) forks one per WEB_CONCURRENCY otherwise.
 * Alone, it opens the database (on the embedded one it takes the data directory's lock before anything
 * else, so a second start stops there, then migrates and seeds it, after which the embedded
 * database's worker starts afresh, to give back the memory that took; PostgreSQL was prepared by
 * scripts/prepare.ts before), serves on PORT and, on the embedded database, runs the operators'
 * commands for `npm run cli` (lib/entry/server/control-channel.ts). In a cluster it serves the
 * connections the primary hands it, the database prepared before it started.
 */
import { authSecret } from "@/lib/platform/auth-secret";
import { config, ConfigError } from "@/lib/platform/config";
import { closeDatabase, database, restartEmbeddedDatabase } from "@/lib/platform/db";
import { DatabaseInUseError } from "@/lib/platform/db/lock";
import { isClusterWorker } from "@/lib/platform/runtime/cluster";
import { log } from "@/lib/platform/runtime/log";
import { prepareDatabase } from "@/lib/entry/server/prepare-database";
import { requestsServed, startClusterWorkerServer, startHttpServer } from "@/lib/entry/server/http-server";
import { collectWhenIdle } from "@/lib/entry/server/collect-when-idle";
import { announcement } from "@/lib/entry/server/announcement";
import { readFirstRun } from "@/lib/entry/server/first-run";
import { startBackgroundWork } from "@/lib/entry/server/background";
import { startControlChannel } from "@/lib/entry/server/control-channel";
import { startTracing } from "@/lib/entry/server/tracing";

/** Flushes and stops tracing, when it is on (OTEL_EXPORTER_OTLP_ENDPOINT); set first thing in main(). */
let stopTracing: (() => Promise<void>) | undefined;

async function main(): Promise<void> {
  const settings = config();
  // Before anything that could make a span or a log line: the provider must be there to be used.
  stopTracing = await startTracing();
  const listenOn = { port: settings.PORT, hostname: settings.HOSTNAME };
  if (isClusterWorker()) {
    serveUntilStopped(await startClusterWorkerServer(listenOn));
    return;
  }
  // Opened first: on the embedded database a second start stops here, before it touches anything.
  const { target } = database();
  authSecret(); // fails now, not at the first staff sign-in, when a required secret is missing
  if (target.kind === "pglite") {
    const { changed } = await prepareDatabase(console.log);
    // The embedded database's worker keeps the memory that migrating and seeding took: start it afresh.
    if (changed) await restartEmbeddedDatabase();
  }
  const firstRun = await readFirstRun();
  if (target.kind === "pglite") {
    const ignored =
      settings.WEB_CONCURRENCY && settings.WEB_CONCURRENCY > 1
        ? `, so WEB_CONCURRENCY=${settings.WEB_CONCURRENCY} is ignored`
        : "";
    console.log(
      `One server process: the embedded database is single-process${ignored}. On PostgreSQL there is one per core.`,
    );
  }
  const server = await startHttpServer(listenOn);
  const commandLine =
    target.kind === "pglite" && target.dataDir ? await startControlChannel(target.dataDir) : undefined;
  serveUntilStopped(server, commandLine);
  const serving = { url: server.url, publicUrl: settings.PUBLIC_URL, database: target.description, processes: 1 };
  for (const line of announcement({ ...serving, firstRun })) console.log(line);
}

/**
 * Runs the background work beside `servers` in this process, and stops it all on SIGTERM or SIGINT:
 * the servers first (what they are doing finishes), the database last.
 */
function serveUntilStopped(...servers: ({ close(): Promise<void> } | undefined)[]): void {
  const stopBackgroundWork = startBackgroundWork();
  const stopCollecting = collectWhenIdle(requestsServed);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!isClusterWorker()) log().info(`${signal}: shutting down`);
    stopCollecting();
    await Promise.all(servers.map((server) => server?.close()));
    await stopBackgroundWork();
    await closeDatabase();
    // The spans of the last requests are exported before the process ends.
    await stopTracing?.().catch((error) => log().warn({ err: error }, "tracing: the last spans were not exported"));
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
