/**
 * Playwright's web server: the production build (npm start builds when the sources changed) on a
 * throw-away embedded database, with the first admin made by the CLI before the server opens the
 * database (PGlite is single-process). The directory goes when the server stops.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FIRST_ADMIN } from "./accounts";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-e2e-"));
// Webhooks go to a receiver on a loopback port (e2e/webhooks.spec.ts).
const env = {
  ...process.env,
  DATABASE_URL: `pglite:${path.join(directory, "db")}`,
  HOSTNAME: "127.0.0.1",
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  WEBHOOK_DISPATCH_INTERVAL_MS: "200",
  // Passkeys (e2e/staff-passkeys.spec.ts): WebAuthn needs a secure context, which http://localhost is
  // and http://127.0.0.1 is not a domain for; that spec's pages are on http://localhost:<port>.
  WEBAUTHN_RP_ID: "localhost",
};
delete env.AUTH_SECRET;
delete env.NEXTAUTH_SECRET;

const removeDirectory = () => fs.rmSync(directory, { recursive: true, force: true });

const created = spawnSync(
  process.execPath,
  [
    "--import",
    "tsx",
    "scripts/cli.ts",
    "staff",
    "create",
    "--email",
    FIRST_ADMIN.email,
    "--password",
    FIRST_ADMIN.password,
    "--role",
    "admin",
    "--name",
    "First Admin",
  ],
  { env, stdio: ["ignore", "inherit", "inherit"] },
);
if (created.status !== 0) {
  removeDirectory();
  process.exit(created.status ?? 1);
}

// A screening list for e2e/screening-matches.spec.ts, written while no server holds the database either.
const seeded = spawnSync(process.execPath, ["--import", "tsx", "e2e/seed-screening-list.ts"], {
  env,
  stdio: ["ignore", "inherit", "inherit"],
});
if (seeded.status !== 0) {
  removeDirectory();
  process.exit(seeded.status ?? 1);
}

const server = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  removeDirectory();
  process.exit(code ?? 0);
});
