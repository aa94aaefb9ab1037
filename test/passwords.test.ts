/** Password checks off the event loop (lib/domain/passwords/verify-password.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import bcrypt from "bcryptjs";
import { reloadConfig } from "@/lib/platform/config";
import { longestEventLoopPause } from "./support/event-loop";
import { until } from "./support/until";

test("the event loop keeps turning while a bcrypt hash from the previous system is checked", async () => {
  const { verifyPassword } = await import("@/lib/domain/passwords/verify-password");
  // Cost 12, as the previous system stored them: hundreds of milliseconds of CPU per check.
  const stored = bcrypt.hashSync("old password", 12);
  await verifyPassword("warm-up", bcrypt.hashSync("warm-up", 4)); // the worker is started before the timing
  const { result, took, longestPause } = await longestEventLoopPause(() => verifyPassword("old password", stored));
  assert.deepEqual(result, { valid: true, needsRehash: true });
  assert.ok(took >= 100, `the check took ${Math.round(took)} ms`);
  // On the event loop, even bcryptjs's asynchronous compare holds it for most of the check (203 ms
  // of about 250). Judged against the check's own time, not in milliseconds: on a loaded machine a
  // thread of this process can wait 60 ms for a core whatever it runs.
  assert.ok(
    longestPause < took / 4,
    `the event loop paused for ${Math.round(longestPause)} ms of the check's ${Math.round(took)} ms`,
  );
});

test("a hashing thread that stayed idle ends, and the next password check starts one again", async () => {
  process.env.HASHING_THREAD_IDLE_MS = "200";
  reloadConfig();
  const { hashPassword } = await import("@/lib/domain/passwords/hash-password");
  const { verifyPassword } = await import("@/lib/domain/passwords/verify-password");
  const { hashingPool } = await import("@/lib/domain/passwords/hashing-pool");
  const stored = await hashPassword("idle for a while");
  assert.ok(hashingPool().threads >= 1, "a thread hashed it");
  await until(
    () => hashingPool().threads,
    (threads) => threads === 0,
  );
  assert.deepEqual(await verifyPassword("idle for a while", stored), { valid: true, needsRehash: false });
  assert.equal(hashingPool().threads, 1, "one thread started for the check");
  await until(
    () => hashingPool().threads,
    (threads) => threads === 0,
  );
});
