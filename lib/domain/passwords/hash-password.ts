/** New password hashes: argon2id with OWASP's parameters (argon2-options.ts), computed in the hashing pool. */
import { ARGON2_OPTIONS } from "./argon2-options";
import { hashingPool } from "./hashing-pool";

export function hashPassword(password: string): Promise<string> {
  return hashingPool().run("hash", password, ARGON2_OPTIONS);
}
