import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { invalidRequest, notFound } from "@/lib/errors/domain-error";
import { fields } from "@/lib/validation/fields";
import type { Actor } from "@/lib/audit/record-audit";
import {
  createClient,
  originSchema,
  revokeClient,
  rotateClientSecret,
  toPublicClient,
  updateClient,
  type PublicClient,
} from "./api-clients";
import { pageOf, booleanFilter, idsFilter, numericId, searchText, type ListQuery } from "@/lib/db/list-query";

/** API clients in the back office: the secret appears once, in the answer to create and rotate. */
export const SORTABLE = { id: "id", name: "name", created_at: "createdAt", last_used_at: "lastUsedAt", active: "active" };

const allowedOrigins = z.array(originSchema, { error: "Allowed origins must be a list of origins" }).max(50, "At most 50 allowed origins");

export const newClientInput = z.object({
  name: fields.text("Name", 100),
  allowed_origins: allowedOrigins.default([]),
});

export const clientChanges = z.object({
  name: fields.text("Name", 100).optional(),
  allowed_origins: allowedOrigins.optional(),
});

export async function listClients(query: ListQuery) {
  const q = searchText(query.filter);
  const where: Prisma.ApiClientWhereInput = {
    id: idsFilter(query.filter, numericId),
    active: booleanFilter(query.filter.active),
    ...(q ? { OR: [{ name: { contains: q, mode: "insensitive" } }, { clientId: { contains: q } }] } : {}),
  };
  const [rows, total] = await Promise.all([
    db().apiClient.findMany({ where, ...pageOf(query) }),
    db().apiClient.count({ where }),
  ]);
  return { rows: rows.map(toPublicClient), total };
}

async function clientIdOf(id: number): Promise<string> {
  const client = await db().apiClient.findUnique({ where: { id }, select: { clientId: true } });
  if (!client) throw notFound("No such API client");
  return client.clientId;
}

export async function readClient(id: number): Promise<PublicClient> {
  const client = await db().apiClient.findUnique({ where: { id } });
  if (!client) throw notFound("No such API client");
  return toPublicClient(client);
}

export async function createClientFor(input: z.infer<typeof newClientInput>, actor: Actor) {
  const { client, clientSecret } = await createClient({ name: input.name, allowedOrigins: input.allowed_origins }, actor);
  return { ...toPublicClient(client), client_secret: clientSecret };
}

export async function changeClient(id: number, changes: z.infer<typeof clientChanges>, actor: Actor): Promise<PublicClient> {
  const client = await updateClient(await clientIdOf(id), { name: changes.name, allowedOrigins: changes.allowed_origins }, actor);
  if (!client) throw notFound("No such API client");
  return toPublicClient(client);
}

export async function revoke(id: number, actor: Actor): Promise<PublicClient> {
  const client = await revokeClient(await clientIdOf(id), actor);
  if (!client) throw notFound("No such API client");
  return toPublicClient(client);
}

export async function rotateSecret(id: number, actor: Actor) {
  const existing = await readClient(id);
  if (!existing.active) throw invalidRequest("This client is revoked: create a new one instead");
  const rotated = await rotateClientSecret(existing.client_id, actor);
  if (!rotated) throw notFound("No such API client");
  return { ...toPublicClient(rotated.client), client_secret: rotated.clientSecret };
}
