/**
 * `npm run dev`: Next's development server (hot reload) on the database DATABASE_URL names, by
 * default the embedded one in .data/db, migrated and seeded first as `npm start` does. The embedded
 * database belongs to one process at a time (lib/platform/db/lock.ts): this one prepares it and lets it go,
 * then Next's server takes it at its first request and keeps it until it stops. So `npm start` and
 * `npm run dev` on one directory do not run together; the second says who holds it.
 *
 * Next's own server, not the one of `npm start` (lib/entry/server/http-server.ts): no security headers,
 * fast paths or e-mail dispatcher. Tests run against the production build.
 */
import { spawn } from "node:child_process";
import { requireFromProjectRoot } from "@/lib/platform/runtime/project-require";
import { config, ConfigError } from "@/lib/platform/config";
import { closeDatabase } from "@/lib/platform/db";
import { checkDataDirectoryFree, DatabaseInUseError } from "@/lib/platform/db/lock";
import { databaseTarget } from "@/lib/platform/db/target";
import { prepareDatabase } from "@/lib/entry/server/prepare-database";

async function prepare(): Promise<void> {
  const settings = config();
  const target = databaseTarget(settings.DATABASE_URL);
  if (target.kind === "pglite" && !target.dataDir)
    throw new ConfigError("npm run dev needs a database that outlives this process: pglite:<dir> or postgresql://…");
  if (target.kind === "pglite" && target.dataDir) checkDataDirectoryFree(target.dataDir);
  await prepareDatabase(console.log);
  await closeDatabase();
}

prepare()
  .then(() => {
    const { PORT, HOSTNAME } = config();
    const nextCli = requireFromProjectRoot().resolve("next/dist/bin/next");
    // Next's development server wants NODE_ENV development, or none.
    const env = {
      ...process.env,
      NODE_ENV: "development" as const,
      NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1",
    };
    const server = spawn(process.execPath, [nextCli, "dev", "--port", String(PORT), "--hostname", HOSTNAME], {
      stdio: "inherit",
      env,
    });
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
    server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  })
  .catch(async (error) => {
    console.error(error instanceof ConfigError || error instanceof DatabaseInUseError ? error.message : error);
    await closeDatabase().catch(() => {});
    process.exit(1);
  });
