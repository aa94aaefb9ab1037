/** The keys rate limits are counted under, as stored (lib/domain/rate-limits/count-attempt.ts): keyed hashes, never an address. */
import assert from "node:assert/strict";
import { createHmac, hkdfSync } from "node:crypto";
import { test } from "node:test";
import { storedKey } from "@/lib/domain/rate-limits/count-attempt";
import { reloadConfig } from "@/lib/platform/config";
import { TEST_AUTH_SECRET } from "./support/app";

function withAuthSecret<T>(secret: string, work: () => T): T {
  const previous = process.env.AUTH_SECRET;
  process.env.AUTH_SECRET = secret;
  reloadConfig();
  try {
    return work();
  } finally {
    if (previous === undefined) delete process.env.AUTH_SECRET;
    else process.env.AUTH_SECRET = previous;
    reloadConfig();
  }
}

test("a rate-limit key is stored as its HMAC-SHA256 under a key derived from AUTH_SECRET, never as itself", () => {
  withAuthSecret(TEST_AUTH_SECRET, () => {
    const key = Buffer.from(hkdfSync("sha256", TEST_AUTH_SECRET, "", "rate-limit-key", 32));
    for (const address of ["someone@example.org", "203.0.113.7", "é".repeat(33), `fe80::1%${"a".repeat(10_000)}`]) {
      const stored = storedKey(address);
      assert.equal(stored, createHmac("sha256", key).update(address, "utf8").digest("hex"));
      assert.match(stored, /^[0-9a-f]{64}$/, "bounded whatever the input");
      assert.equal(storedKey(address), stored, "the same address counts on the same row");
    }
    assert.notEqual(storedKey("someone@example.org"), storedKey("someone@example.com"));
  });
});

test("without AUTH_SECRET nobody can tell which address a key is: another secret, another key", () => {
  const ours = withAuthSecret(TEST_AUTH_SECRET, () => storedKey("someone@example.org"));
  const theirs = withAuthSecret(`${TEST_AUTH_SECRET}-other`, () => storedKey("someone@example.org"));
  assert.notEqual(ours, theirs);
});
