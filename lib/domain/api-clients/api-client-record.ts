/**
 * An API client as the admin API and the command line show it (never the secret's hash), and how
 * callers name one: the back office by row id, the command line by the client_id it was given.
 */
import type { ApiClient } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/platform/errors/domain-error";

export type PublicClient = {
  id: number;
  name: string;
  client_id: string;
  allowed_origins: string[];
  active: boolean;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

export function toPublicClient(client: ApiClient): PublicClient {
  return {
    id: client.id,
    name: client.name,
    client_id: client.clientId,
    allowed_origins: client.allowedOrigins,
    active: client.active,
    created_at: client.createdAt.toISOString(),
    last_used_at: client.lastUsedAt?.toISOString() ?? null,
    revoked_at: client.revokedAt?.toISOString() ?? null,
  };
}

/** Which client: by row id (the admin API's URLs) or by client_id (the command line's argument). */
export type ApiClientKey = { id: number } | { clientId: string };

/** The not-found error for `key`; a client_id is named back to the operator who typed it. */
export function noSuchClient(key: ApiClientKey) {
  return notFound("clientId" in key ? `No API client with client_id ${key.clientId}` : "No such API client");
}
