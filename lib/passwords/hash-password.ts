/** New password hashes: argon2id with OWASP's parameters, computed in the hashing pool. */
import type { Algorithm, Options } from "@node-rs/argon2";
import { hashingPool } from "./hashing-pool";

// Algorithm is an ambient const enum, which isolatedModules cannot read at run time: 2 is Argon2id.
const ARGON2_OPTIONS: Options = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
export const CURRENT_PARAMS = `m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`;

export function hashPassword(password: string): Promise<string> {
  return hashingPool().run("hash", password, ARGON2_OPTIONS);
}
