import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { ApiClient } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { bumpVersion, changedHere, versionedCache } from "@/lib/cache";
import { digestsEqual, randomToken, sha256 } from "@/lib/secrets";

/** API clients: the X-Client-ID / X-Client-Secret pairs the customer apps send. */
export type AuthenticatedClient = { id: number; clientId: string; name: string; allowedOrigins: string[] };

type CachedClient = AuthenticatedClient & { secretHash: string };

export const originSchema = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value.replace(/\/$/, "");
    } catch {
      return false;
    }
  }, "must be an origin such as https://app.example.com (scheme, host and optional port, nothing else)")
  .transform((value) => new URL(value).origin);

const activeClients = versionedCache("api_clients", async () => {
  const rows = await db().apiClient.findMany({ where: { active: true } });
  return new Map<string, CachedClient>(
    rows.map((row) => [
      row.clientId,
      { id: row.id, clientId: row.clientId, name: row.name, allowedOrigins: row.allowedOrigins, secretHash: row.secretHash },
    ]),
  );
});

// Compared against when the client id is unknown, so both cases take the same time.
const UNKNOWN_CLIENT_HASH = sha256(randomToken());
const LAST_USED_RESOLUTION_MS = 60_000;
const lastUsedWritten = new Map<number, number>();

export async function authenticateClient(
  clientId: string | null,
  secret: string | null,
): Promise<AuthenticatedClient | undefined> {
  if (!clientId || !secret) return undefined;
  const client = (await activeClients.get()).get(clientId);
  const matches = digestsEqual(sha256(secret), client?.secretHash ?? UNKNOWN_CLIENT_HASH);
  if (!client || !matches) return undefined;
  recordUse(client.id);
  const { secretHash: _, ...authenticated } = client;
  return authenticated;
}

/** last_used_at to the minute, without a write per request. */
function recordUse(id: number): void {
  const now = Date.now();
  if (now - (lastUsedWritten.get(id) ?? 0) < LAST_USED_RESOLUTION_MS) return;
  lastUsedWritten.set(id, now);
  db()
    .apiClient.update({ where: { id }, data: { lastUsedAt: new Date(now) } })
    .catch((error) => console.error("could not record API client use:", error));
}

function newCredentials() {
  const clientId = `cli_${randomBytes(12).toString("hex")}`;
  const clientSecret = `sec_${randomToken(32)}`;
  return { clientId, clientSecret, secretHash: sha256(clientSecret) };
}

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

/** Creates a client; the secret is in the result and nowhere else, ever. */
export async function createClient(input: { name: string; allowedOrigins: string[] }) {
  const { clientId, clientSecret, secretHash } = newCredentials();
  const client = await db().$transaction(async (tx) => {
    const created = await tx.apiClient.create({
      data: { name: input.name, clientId, secretHash, allowedOrigins: dedupe(input.allowedOrigins) },
    });
    await bumpVersion(tx, "api_clients");
    return created;
  });
  changedHere();
  return { client, clientSecret };
}

export async function listClients(): Promise<ApiClient[]> {
  return db().apiClient.findMany({ orderBy: { id: "asc" } });
}

export async function findClientByClientId(clientId: string): Promise<ApiClient | null> {
  return db().apiClient.findUnique({ where: { clientId } });
}

export async function revokeClient(clientId: string): Promise<ApiClient | null> {
  return changeClient(clientId, { active: false, revokedAt: new Date() });
}

export async function rotateClientSecret(clientId: string) {
  const { clientSecret, secretHash } = newCredentials();
  const client = await changeClient(clientId, { secretHash });
  return client && { client, clientSecret };
}

async function changeClient(clientId: string, data: Partial<Pick<ApiClient, "active" | "revokedAt" | "secretHash">>) {
  const client = await db().$transaction(async (tx) => {
    const existing = await tx.apiClient.findUnique({ where: { clientId } });
    if (!existing) return null;
    const updated = await tx.apiClient.update({ where: { clientId }, data });
    await bumpVersion(tx, "api_clients");
    return updated;
  });
  changedHere();
  return client;
}

function dedupe(origins: string[]): string[] {
  return [...new Set(origins)];
}
