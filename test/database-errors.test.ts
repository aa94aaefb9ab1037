/**
 * Telling an outage from a real failure (lib/platform/db/errors.ts) must never itself throw: Prisma errors
 * without a driver adapter's error in their meta (a transaction that timed out, a record not found)
 * and odd thrown values are real failures, answered as such.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Prisma } from "@/lib/generated/prisma/client";
import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { isWriteConflict, transactionExpired, unreachableDatabaseReason } from "@/lib/platform/db/errors";
import { failure } from "@/lib/http/respond";

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

test("a transaction that outlived its time limit answers 503 with Retry-After, not 500: it rolled back", async () => {
  const expired = new Prisma.PrismaClientKnownRequestError(
    "Transaction API error: A query cannot be executed on an expired transaction. The timeout for this transaction was 5000 ms, however 5347 ms passed since the start of the transaction.",
    { code: "P2028", clientVersion: Prisma.prismaVersion.client, meta: { timeout: 5000, timeTaken: 5347 } },
  );
  assert.equal(transactionExpired(expired), true);
  const answer = failure(expired, "req-1");
  assert.equal(answer.status, 503);
  assert.ok(Number(answer.headers.get("Retry-After")) > 0);
  assert.equal((await answer.json()).code, 503);
  const notFound = new Prisma.PrismaClientKnownRequestError("No record", {
    code: "P2025",
    clientVersion: Prisma.prismaVersion.client,
  });
  assert.equal(transactionExpired(notFound), false);
  assert.equal(failure(notFound, "req-2").status, 500);
});

test("a serializable transaction that lost to another is told apart, from Prisma or from the adapter itself", () => {
  const clientVersion = Prisma.prismaVersion.client;
  const conflict = new DriverAdapterError({ kind: "TransactionWriteConflict" });
  assert.equal(
    isWriteConflict(new Prisma.PrismaClientKnownRequestError("write conflict", { code: "P2034", clientVersion })),
    true,
  );
  assert.equal(isWriteConflict(conflict), true);
  assert.equal(
    isWriteConflict(
      new Prisma.PrismaClientKnownRequestError("raw", {
        code: "P2010",
        clientVersion,
        meta: { driverAdapterError: conflict },
      }),
    ),
    true,
  );
  assert.equal(
    isWriteConflict(new Prisma.PrismaClientKnownRequestError("unique", { code: "P2002", clientVersion })),
    false,
  );
  assert.equal(isWriteConflict(new DriverAdapterError({ kind: "TooManyConnections", cause: "full" })), false);
  for (const value of [undefined, null, "text", 42, new Error("other")]) assert.equal(isWriteConflict(value), false);
});
