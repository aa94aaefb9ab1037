/**
 * Telling an outage from a real failure (lib/platform/db/errors.ts) must never itself throw: Prisma errors
 * without a driver adapter's error in their meta (a transaction that timed out, a record not found)
 * and odd thrown values are real failures, answered as such.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Prisma } from "@/lib/generated/prisma/client";
import { unreachableDatabaseReason } from "@/lib/platform/db/errors";

test("a Prisma error without an adapter's error, or an odd thrown value, is no outage and does not throw", () => {
  const timedOut = new Prisma.PrismaClientKnownRequestError("Transaction already closed", {
    code: "P2028",
    clientVersion: Prisma.prismaVersion.client,
  });
  assert.equal(unreachableDatabaseReason(timedOut), undefined);
  const notFound = new Prisma.PrismaClientKnownRequestError("No record", {
    code: "P2025",
    clientVersion: Prisma.prismaVersion.client,
    meta: { modelName: "Customer" },
  });
  assert.equal(unreachableDatabaseReason(notFound), undefined);
  for (const value of [undefined, null, "text", 42]) assert.equal(unreachableDatabaseReason(value), undefined);
});
