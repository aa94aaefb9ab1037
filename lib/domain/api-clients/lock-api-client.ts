/**
 * An API client's row, locked until the end of the transaction: changes under one client that are
 * limited in number (its webhook endpoints) take their turn, so concurrent ones cannot pass the limit
 * together. Prisma cannot say FOR UPDATE.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { noSuchClient } from "./api-client-record";

/** Locks API client `id` in `tx`; 404 when there is none. Returns whether it is active. */
export async function lockApiClient(tx: Prisma.TransactionClient, id: number): Promise<{ active: boolean }> {
  const [row] = await tx.$queryRaw<{ active: boolean }[]>`SELECT active FROM api_clients WHERE id = ${id} FOR UPDATE`;
  if (!row) throw noSuchClient({ id });
  return row;
}
