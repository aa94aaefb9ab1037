/** Password checks off the event loop (lib/passwords/verify-password.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import bcrypt from "bcryptjs";
import { longestEventLoopPause } from "./support/event-loop";

test("the event loop keeps turning while a bcrypt hash from the previous system is checked", async () => {
  const { verifyPassword } = await import("@/lib/passwords/verify-password");
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
