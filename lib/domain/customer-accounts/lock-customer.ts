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
