/** The keys rate limits are counted under, as stored (lib/domain/rate-limits/count-attempt.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { storedKey } from "@/lib/domain/rate-limits/count-attempt";
import { sha256 } from "@/lib/platform/secrets";

test("rate-limit keys are bounded: anything longer than 64 bytes is stored as its SHA-256", () => {
  assert.equal(storedKey("someone@example.org"), "someone@example.org");
  assert.equal(storedKey("é".repeat(32)), "é".repeat(32));
  assert.equal(storedKey("é".repeat(33)), sha256("é".repeat(33)));
  assert.equal(storedKey(`fe80::1%${"a".repeat(10_000)}`).length, 64);
});
