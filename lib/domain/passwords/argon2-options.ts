/**
 * The argon2id parameters of new password hashes (OWASP's). A module of its own, free of the hashing
 * pool, so the bench's peer (bench/peer-server.ts) hashes with the very same ones.
 */
import type { Algorithm, Options } from "@node-rs/argon2";

// Algorithm is an ambient const enum, which isolatedModules cannot read at run time: 2 is Argon2id.
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};
export const CURRENT_PARAMS = `m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`;
