/**
 * `npm start`: build if the sources changed, migrate, seed an empty database, serve on PORT.
 */
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

import { config, ConfigError } from "@/lib/config";
import { closeDatabase, database } from "@/lib/db";
import { buildIfNeeded } from "@/lib/server/build";
import { prepareDatabase } from "@/lib/server/prepare-database";
import { startHttpServer } from "@/lib/server/http-server";
import { firstRunHints } from "@/lib/server/first-run";
import { startBackgroundWork } from "@/lib/server/background";

async function main(): Promise<void> {
  const settings = config();
  buildIfNeeded();
  await prepareDatabase(console.log);
  const server = await startHttpServer({ port: settings.PORT, hostname: settings.HOSTNAME });
  const stopBackgroundWork = startBackgroundWork();
  console.log(`\nReady on ${settings.PUBLIC_URL ?? server.url}  (${database().target.description})`);
  for (const line of await firstRunHints()) console.log(line);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
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
