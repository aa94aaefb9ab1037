/**
 * `npm start`: build if the sources changed, migrate, seed an empty database, serve on PORT.
 *
 * Plain JavaScript on plain node, so that nothing stays in memory beside the servers but the
 * servers. scripts/prepare.ts, in a short-lived process under tsx, checks the configuration, builds
 * what changed and says how to serve. With one server process (the embedded database, or
 * WEB_CONCURRENCY=1 on PostgreSQL) this very process then becomes it: it runs the compiled
 * scripts/serve.ts, and no other process stays running. With several, it is their primary: it runs
 * the compiled scripts/primary.ts, which loads no more than node:cluster and node:net to fork them
 * and hand them the connections (the preparation migrated and seeded the database before).
 */
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const preparation = spawn(process.execPath, ["--import", "tsx", "scripts/prepare.ts"], {
  stdio: ["inherit", "inherit", "inherit", "ipc"],
});
// A service manager stopping `npm start` while it prepares stops the preparation too.
const stopPreparation = (signal) => preparation.kill(signal);
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, stopPreparation);

const plan = await new Promise((resolve) => {
  let planned;
  preparation.once("message", (message) => {
    planned = message;
  });
  preparation.once("exit", (code) => {
    if (planned && code === 0) resolve(planned);
    else process.exit(code || 1);
  });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.off(signal, stopPreparation);

if (plan.mode === "one-process") await import(pathToFileURL(plan.server).href);
else (await import(pathToFileURL(plan.primary).href)).runPrimary(plan);
