/**
 * A password-hashing thread of lib/domain/passwords/hashing-pool.ts. The synchronous functions hash on this
 * thread (the asynchronous ones would hand the work to libuv's pool), which is the thread given the
 * lower priority.
 */
import { hashSync, verifySync } from "@node-rs/argon2";
import { compareSync } from "bcryptjs";
import { HASHING_THREAD_NICENESS_STEP, lowerThisThreadPriority } from "@/lib/platform/runtime/thread-priority";
import { answerCalls } from "@/lib/platform/runtime/worker-thread";
import type { HashingErrorReply, HashingProtocol } from "./hashing-protocol";

lowerThisThreadPriority(HASHING_THREAD_NICENESS_STEP);

answerCalls<HashingProtocol, HashingErrorReply>(
  {
    hash: (password, options) => hashSync(password, options),
    verify: (password, hash) => verifySync(hash, password),
    bcryptCompare: (password, hash) => compareSync(password, hash.replace(/^\$2y\$/, "$2b$")),
  },
  (error) => String(error),
);
