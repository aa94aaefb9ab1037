/**
 * What lib/domain/passwords/hashing-pool.ts asks of its hashing threads (lib/domain/passwords/hashing-worker.ts). A call that
 * fails answers with the error's text.
 */
import type { Options } from "@node-rs/argon2";

export type HashingProtocol = {
  /** A new argon2 hash of `password`. */
  hash(password: string, options: Options): string;
  /** Whether `password` matches the argon2 hash `hash`. */
  verify(password: string, hash: string): boolean;
  /** Whether `password` matches the bcrypt hash `hash` (any of its $2a$, $2b$, $2y$ spellings). */
  bcryptCompare(password: string, hash: string): boolean;
};

export type HashingErrorReply = string;
