/**
 * The customer's row, locked until the end of the transaction: calls on one account that must not
 * interleave (each reads what the other changes) take their turn. Prisma cannot say FOR UPDATE.
 */
import type { Prisma } from "@/lib/generated/prisma/client";

/** Locks customer `id` in `tx`; its credentials as they are under the lock, undefined when there is no such customer. */
export async function lockCustomer(
  tx: Prisma.TransactionClient,
  id: number,
): Promise<{ id: number; credentialsVersion: number } | undefined> {
  const [row] = await tx.$queryRaw<{ credentials_version: number }[]>`
    SELECT credentials_version FROM customers WHERE id = ${id} FOR UPDATE`;
  return row && { id, credentialsVersion: row.credentials_version };
}

/**
 * Locks customers `ids` in `tx` in one statement, in id order (as every caller that locks more than
 * one must, so that two never wait on each other): a batch of screening's 200 due customers took 200
 * round trips, holding the embedded database's one connection meanwhile.
 */
export async function lockCustomers(tx: Prisma.TransactionClient, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.$queryRaw`SELECT id FROM customers WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE`;
}
