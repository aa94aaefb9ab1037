/**
 * Checking a password against its stored hash: argon2id, or bcrypt from the previous system, which
 * a successful login replaces with argon2id (`needsRehash`).
 */
import { CURRENT_PARAMS } from "./argon2-options";
import { hashPassword } from "./hash-password";
import { hashingPool } from "./hashing-pool";

/** bcrypt reads only the first 72 bytes of a password; a longer one must not "match" on its prefix. */
export const BCRYPT_MAX_BYTES = 72;

export function isBcryptHash(stored: string): boolean {
  return /^\$2[aby]\$\d{2}\$/.test(stored);
}

export type Verification = { valid: boolean; needsRehash: boolean };

const INVALID: Verification = { valid: false, needsRehash: false };

/**
 * Checks `password` against the stored hash. With no account (`stored` undefined) it spends the time
 * of a real verification all the same, so an unknown e-mail answers no faster than a wrong password.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<Verification> {
  if (stored === undefined) {
    dummyHash ??= hashPassword("dummy password that never matches");
    await argon2Verify(password, await dummyHash);
    return INVALID;
  }
  if (stored.startsWith("$argon2id$")) {
    const valid = await argon2Verify(password, stored);
    return { valid, needsRehash: valid && !stored.includes(`$${CURRENT_PARAMS}$`) };
  }
  if (isBcryptHash(stored)) {
    if (Buffer.byteLength(password) > BCRYPT_MAX_BYTES) return INVALID;
    const valid = await hashingPool()
      .run("bcryptCompare", password, stored)
      .catch(() => false);
    return { valid, needsRehash: valid };
  }
  return INVALID;
}

function argon2Verify(password: string, stored: string): Promise<boolean> {
  return hashingPool()
    .run("verify", password, stored)
    .catch(() => false);
}

let dummyHash: Promise<string> | undefined;
