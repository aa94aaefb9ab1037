import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { bumpVersion, changedHere, type CacheKey } from "@/lib/cache/versioned-cache";

/**
 * The audit log: one row per change staff (or the operators' command line) make, written in the
 * same transaction as the change, so there is never a change without its entry or the reverse.
 * Callers pass records as the admin API shows them, which never hold secrets or hashes.
 */

/** Who made a change: a staff member, or nobody in particular (`staffId: null`, the command line). */
export type Actor = { staffId: number | null };
export const COMMAND_LINE: Actor = { staffId: null };

export type AuditEntry = {
  action: string;
  resource: string;
  resourceId: string | number;
  before?: unknown;
  after?: unknown;
};

export async function recordAudit(tx: Prisma.TransactionClient, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      staffId: actor.staffId,
      action: entry.action,
      resource: entry.resource,
      resourceId: String(entry.resourceId),
      before: asJson(entry.before),
      after: asJson(entry.after),
    },
  });
}

/**
 * Runs `change` in a transaction together with its audit entry and the version bumps of the caches
 * it touches; once committed, this instance serves the change at once (others within a poll).
 * A change that finds nothing to change returns no entry, and nothing is written.
 */
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

// JSON round trip: dates become ISO strings, undefined fields disappear, as the API shows them.
function asJson(value: unknown): Prisma.InputJsonValue | undefined {
  return value === undefined || value === null ? undefined : JSON.parse(JSON.stringify(value));
}
