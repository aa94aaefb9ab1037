/**
 * The key staff sessions are encrypted with: AUTH_SECRET (or NEXTAUTH_SECRET) when set, which
 * lib/platform/config/index.ts requires in production on PostgreSQL. Otherwise one is made once and kept in a file
 * beside the embedded database's data (.data/auth-secret by default), so `npm start` needs no set-up
 * and sessions survive restarts; an in-memory database gets one for the life of the process.
 * Secrets that must be read back (staff two-factor secrets, the tokens of queued e-mails, the
 * customers' audit keys) are sealed under keys derived from it, and values that must only be
 * matched (rate-limit keys) hashed under one: changing AUTH_SECRET voids them too.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config, ConfigError } from "@/lib/platform/config";
import { DEFAULT_PGLITE_DIR, databaseTarget } from "@/lib/platform/db/target";
import { processGlobal } from "@/lib/platform/runtime/process-global";
import { randomToken } from "@/lib/platform/secrets";

export const AUTH_SECRET_FILE = "auth-secret";

// Next's server bundle and the process's own module graph must agree on the key.
const generated = processGlobal("auth-secret", () => new Map<string, string>());

export function authSecret(): string {
  return config().AUTH_SECRET ?? generatedSecret();
}

function generatedSecret(): string {
  const { DATABASE_URL, NODE_ENV } = config();
  const target = databaseTarget(DATABASE_URL);
  // On PostgreSQL there may be several instances, and they must all sign with one secret.
  if (target.kind === "postgres" && NODE_ENV === "production") {
    throw new ConfigError(
      "Invalid configuration:\n  AUTH_SECRET: is required in production on PostgreSQL (staff sign-in sessions are signed with it; every instance needs the same one). Set AUTH_SECRET (or NEXTAUTH_SECRET) to at least 32 random characters, e.g. the output of `openssl rand -base64 32`",
    );
  }
  if (!generated.has(target.description)) {
    const file = keptSecretFile();
    generated.set(target.description, file ? readOrCreate(file) : randomToken(32));
  }
  return generated.get(target.description)!;
}

/** The file a secret is made and kept in when AUTH_SECRET is unset; null for a database in memory. */
function keptSecretFile(): string | null {
  const target = databaseTarget(config().DATABASE_URL);
  const dataDir = target.kind === "pglite" ? target.dataDir : path.resolve(DEFAULT_PGLITE_DIR);
  return dataDir ? path.join(path.dirname(dataDir), AUTH_SECRET_FILE) : null;
}

/**
 * Where this process's AUTH_SECRET would come from, without making one (a restore asks, before any
 * server runs on the copy): set in the environment, kept in a file, or none yet, when the first
 * server would make a new one (`file`: where), or refuse to start (PostgreSQL in production).
 */
export function authSecretSource(): { from: "AUTH_SECRET" } | { from: "file" | "none"; file: string | null } {
  if (config().AUTH_SECRET) return { from: "AUTH_SECRET" };
  const { DATABASE_URL, NODE_ENV } = config();
  if (databaseTarget(DATABASE_URL).kind === "postgres" && NODE_ENV === "production")
    return { from: "none", file: null };
  const file = keptSecretFile();
  return { from: file && fs.existsSync(file) ? "file" : "none", file };
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

const BOX_VERSION = "v1";

/** A key of its own for each purpose (HKDF-SHA256 of AUTH_SECRET): a box of one purpose opens under no other. */
/**
 * The key of `purpose` under the current AUTH_SECRET, derived once per secret and purpose: every
 * rate-limited request hashes its keys with one (keyedHash), and HKDF costs 8 times the HMAC.
 */
const derivedKeys = new Map<string, Buffer>();

function boxKey(purpose: string): Buffer {
  const secret = authSecret();
  const cacheKey = `${purpose}\0${secret}`;
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "", purpose, 32));
    derivedKeys.set(cacheKey, key);
  }
  return key;
}

/** `secret` encrypted with AES-256-GCM for `purpose`: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealWithAuthSecret(purpose: string, secret: string): string {
  return sealWithKey(boxKey(purpose), secret);
}

/** The secret, or null when the box was not sealed for `purpose` with this key (AUTH_SECRET changed) or is damaged. */
export function openWithAuthSecret(purpose: string, box: string): string | null {
  return openWithKey(boxKey(purpose), box);
}

/** `secret` encrypted with AES-256-GCM under a 32-byte `key` of the caller's, in the same box as sealWithAuthSecret's. */
export function sealWithKey(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [BOX_VERSION, iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

/** The secret, or null when the box was not sealed under `key` or is damaged. */
export function openWithKey(key: Buffer, box: string): string | null {
  const [version, iv, tag, sealed] = box.split(".");
  if (version !== BOX_VERSION || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/**
 * HMAC-SHA256 of `value` (hex, 64 characters) under the key of `purpose`: the same value always
 * gives the same hash, and without AUTH_SECRET no list of likely values can be hashed to find it.
 */
export function keyedHash(purpose: string, value: string): string {
  return createHmac("sha256", boxKey(purpose)).update(value, "utf8").digest("hex");
}
