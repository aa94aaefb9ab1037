/**
 * API clients, never a secret: a page of them as admins list them, or, without a query, every one
 * by id (the command line's `clients list`).
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { pageOf, booleanFilter, idsFilter, numericId, searchText, type ListQuery } from "@/lib/platform/db/list-query";
import { toPublicClient, type PublicClient } from "./api-client-record";

export async function listApiClients(query?: ListQuery): Promise<{ rows: PublicClient[]; total: number }> {
  const filter = query?.filter ?? {};
  const q = searchText(filter);
  const where: Prisma.ApiClientWhereInput = {
    id: idsFilter(filter, numericId),
    active: booleanFilter(filter.active),
    ...(q ? { OR: [{ name: { contains: q, mode: "insensitive" } }, { clientId: { contains: q } }] } : {}),
  };
  const [rows, total] = await Promise.all([
    db().apiClient.findMany({ where, ...pageOf(query) }),
    db().apiClient.count({ where }),
  ]);
  return { rows: rows.map(toPublicClient), total };
}
