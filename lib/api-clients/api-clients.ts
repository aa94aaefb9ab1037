import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { ApiClient } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { inDatabaseOutage, logUnlessUnreachable } from "@/lib/db/outage";
import { versionedCache } from "@/lib/cache/versioned-cache";
import { unavailable } from "@/lib/errors/domain-error";
import { auditedChange } from "@/lib/audit/audited-change";
import { COMMAND_LINE, type Actor } from "@/lib/audit/record-audit";
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
  if (!client || !matches) {
    // The clients held here may be out of date while the database cannot be reached: one made, or
    // a secret rotated, just before is not refused for that, only turned away for now.
    if (inDatabaseOutage()) throw unavailable();
    return undefined;
  }
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
    .catch((error) => logUnlessUnreachable("could not record API client use", error));
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

/**
 * Creates a client; the secret is in the result and nowhere else, ever. Every change here is
 * audited as `actor`'s (the command line's unless a staff member is named).
 */
export async function createClient(input: { name: string; allowedOrigins: string[] }, actor: Actor = COMMAND_LINE) {
  const { clientId, clientSecret, secretHash } = newCredentials();
  const client = await auditedChange(actor, ["api_clients"], async (tx) => {
    const created = await tx.apiClient.create({
      data: { name: input.name, clientId, secretHash, allowedOrigins: dedupe(input.allowedOrigins) },
    });
    return { result: created, audit: { action: "create", resource: "clients", resourceId: created.id, after: toPublicClient(created) } };
  });
  return { client, clientSecret };
}

export async function listClients(): Promise<ApiClient[]> {
  return db().apiClient.findMany({ orderBy: { id: "asc" } });
}

export async function revokeClient(clientId: string, actor: Actor = COMMAND_LINE): Promise<ApiClient | null> {
  return changeClient(clientId, "revoke", { active: false, revokedAt: new Date() }, actor);
}

export async function rotateClientSecret(clientId: string, actor: Actor = COMMAND_LINE) {
  const { clientSecret, secretHash } = newCredentials();
  const client = await changeClient(clientId, "rotate_secret", { secretHash }, actor);
  return client && { client, clientSecret };
}

/** Renames a client or replaces its allowed origins. */
export async function updateClient(
  clientId: string,
  changes: { name?: string; allowedOrigins?: string[] },
  actor: Actor = COMMAND_LINE,
): Promise<ApiClient | null> {
  const allowedOrigins = changes.allowedOrigins && dedupe(changes.allowedOrigins);
  return changeClient(clientId, "update", { name: changes.name, allowedOrigins }, actor);
}

async function changeClient(
  clientId: string,
  action: string,
  data: Partial<Pick<ApiClient, "name" | "allowedOrigins" | "active" | "revokedAt" | "secretHash">>,
  actor: Actor,
) {
  return auditedChange(actor, ["api_clients"], async (tx) => {
    const existing = await tx.apiClient.findUnique({ where: { clientId } });
    if (!existing) return { result: null, audit: undefined };
    const updated = await tx.apiClient.update({ where: { clientId }, data });
    const audit = { action, resource: "clients", resourceId: existing.id, before: toPublicClient(existing), after: toPublicClient(updated) };
    return { result: updated, audit };
  });
}

function dedupe(origins: string[]): string[] {
  return [...new Set(origins)];
}
