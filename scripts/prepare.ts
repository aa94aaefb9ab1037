/**
 * The first step of `npm start` (scripts/start.mjs), in a short-lived process of its own: checks the
 * configuration, builds what changed (the app, and the compiled scripts the server processes run:
 * lib/entry/server/build.ts), and tells its parent over IPC how to serve. On PostgreSQL it also
 * migrates and seeds the database, so no server process loads Prisma's schema engine (its
 * WebAssembly, compiled, and its memory stayed in the one server process for as long as it ran:
 * docs/performance.md, "Memory at rest"); with several server processes it reads what the start
 * message needs too, so the primary that forks them never loads the app, Prisma or Next. On the
 * embedded database the server does all that itself (it must hold the data directory's lock
 * first), and nothing here opens the database. What this process loads (tsx, esbuild, Prisma)
 * goes when it exits.
 */
import { availableParallelism } from "node:os";
import { config, ConfigError } from "@/lib/platform/config";
import { closeDatabase, database } from "@/lib/platform/db";
import { checkDataDirectoryFree, DatabaseInUseError } from "@/lib/platform/db/lock";
import { databaseTarget } from "@/lib/platform/db/target";
import { log } from "@/lib/platform/runtime/log";
import { serverUrl } from "@/lib/platform/runtime/server-url";
import { workerScript } from "@/lib/platform/runtime/worker-scripts";
import { buildIfNeeded } from "@/lib/entry/server/build";
import { readFirstRun } from "@/lib/entry/server/first-run";
import { prepareDatabase } from "@/lib/entry/server/prepare-database";
import { authSecret } from "@/lib/platform/auth-secret";
import type { ClusterPlan } from "./primary";

export type StartPlan = { mode: "one-process"; server: string } | ClusterPlan;

async function plan(): Promise<StartPlan> {
  const settings = config();
  if (settings.NODE_ENV === "production" && !settings.PUBLIC_URL) {
    log().warn(
      `PUBLIC_URL is not set: links in e-mails (a staff member's reset link) point to ${serverUrl(settings.HOSTNAME, settings.PORT)}, where the server says it listens. Set PUBLIC_URL to the address staff reach the service by.`,
    );
  }
  const target = databaseTarget(settings.DATABASE_URL);
  // A second start on the embedded database stops before it builds; the server takes the lock itself.
  if (target.kind === "pglite" && target.dataDir) checkDataDirectoryFree(target.dataDir);
  buildIfNeeded();
  const server = workerScript("server");
  const workers = settings.WEB_CONCURRENCY ?? availableParallelism();
  if (target.kind === "pglite") return { mode: "one-process", server };
  authSecret(); // fails now, not at the first staff sign-in, when a required secret is missing
  await prepareDatabase(console.log);
  if (workers === 1) return { mode: "one-process", server };
  const firstRun = await readFirstRun();
  return {
    mode: "cluster",
    server,
    primary: workerScript("primary"),
    workers,
    port: settings.PORT,
    hostname: settings.HOSTNAME,
    publicUrl: settings.PUBLIC_URL,
    database: database().target.description,
    firstRun,
  };
}

plan()
  .then(async (found) => {
    await closeDatabase();
    if (!process.send) throw new Error("scripts/prepare.ts runs under scripts/start.mjs (npm start)");
    process.send(found, () => process.exit(0));
  })
  .catch(async (error) => {
    console.error(error instanceof ConfigError || error instanceof DatabaseInUseError ? error.message : error);
    await closeDatabase().catch(() => {});
    process.exit(1);
  });
