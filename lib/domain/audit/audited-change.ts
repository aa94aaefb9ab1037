/**
 * Runs `change` in a transaction together with its audit entry and the version bumps of the caches
 * it touches; once committed, this instance serves the change at once (others within a poll).
 * A change that finds nothing to change returns no entry, and nothing is written.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { bumpVersion, changedHere, type CacheKey } from "@/lib/platform/cache/versioned-cache";
import { recordAudit, type Actor, type AuditEntry } from "./record-audit";

export async function auditedChange<T>(
  actor: Actor,
  caches: CacheKey[],
  change: (tx: Prisma.TransactionClient) => Promise<{ result: T; audit?: AuditEntry }>,
): Promise<T> {
  const { result, changed } = await db().$transaction(async (tx) => {
    const { result, audit } = await change(tx);
    if (!audit) return { result, changed: false };
    await recordAudit(tx, actor, audit);
    for (const key of caches) await bumpVersion(tx, key);
    return { result, changed: true };
  });
  if (changed && caches.length > 0) changedHere();
  return result;
}
