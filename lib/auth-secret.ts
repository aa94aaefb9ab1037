import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import { DEFAULT_PGLITE_DIR, databaseTarget } from "@/lib/db/target";
import { randomToken } from "@/lib/secrets";

/**
 * The key staff sessions are encrypted with: AUTH_SECRET (or NEXTAUTH_SECRET) when set, which
 * lib/config.ts requires in production on PostgreSQL. Otherwise one is made once and kept in a file
 * beside the embedded database's data (.data/auth-secret by default), so `npm start` needs no set-up
 * and sessions survive restarts; an in-memory database gets one for the life of the process.
 */
export const AUTH_SECRET_FILE = "auth-secret";

// On globalThis: Next's server bundle and the process's own module graph each load this module,
// and both must agree on the key.
const GLOBAL_KEY = Symbol.for("remit-accounts.auth-secret");
const holder = globalThis as typeof globalThis & { [GLOBAL_KEY]?: string };

export function authSecret(): string {
  holder[GLOBAL_KEY] ??= config().AUTH_SECRET ?? generatedSecret();
  return holder[GLOBAL_KEY];
}

function generatedSecret(): string {
  const target = databaseTarget(config().DATABASE_URL);
  if (target.kind === "pglite" && !target.dataDir) return randomToken(32);
  const dataDir = target.kind === "pglite" ? target.dataDir! : path.resolve(DEFAULT_PGLITE_DIR);
  return readOrCreate(path.join(path.dirname(dataDir), AUTH_SECRET_FILE));
}

function readOrCreate(file: string): string {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole under a name of its own, then linked into place: of two processes starting at
    // once, one link wins and both read the same complete secret.
    const draft = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(draft, randomToken(32), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return fs.readFileSync(file, "utf8").trim();
}
