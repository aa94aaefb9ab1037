/** The service's signing key (lib/domain/signing-keys/): made once at its first use, however many ask for it at once. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { currentSigningKey } from "@/lib/domain/signing-keys/current-signing-key";
import { db, startTestDatabase } from "./support/app";

await startTestDatabase();

test("first uses at once make one key, and every one of them signs with it", async () => {
  assert.equal(await db().signingKey.count(), 0);
  // On PostgreSQL each call has a connection of its own, so all find no key before any is made.
  const keys = await Promise.all(Array.from({ length: 6 }, () => currentSigningKey()));
  const [only] = await db().signingKey.findMany();
  assert.deepEqual(
    keys.map((key) => key.kid),
    keys.map(() => only.id),
  );
  assert.equal(await db().signingKey.count(), 1);
  assert.equal(only.retiredAt, null);
});
