/**
 * The audit log: one row per change staff (or a customer, the daily schedule, the operators' command
 * line) make, written in the same transaction as the change, so there is never a change without its
 * entry or the reverse (auditedChange in ./audited-change.ts runs the two together).
 * Callers pass records as the admin API shows them, which never hold secrets or hashes.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { type AuditAction, AuditActor, type AuditResource } from "@/lib/generated/prisma/enums";

/**
 * Who made a change: a staff member (`staffId`), or someone who is none (`by`): a customer (the API
 * client they came through goes in the entry's `after`), the daily schedule, the command line.
 */
export type Actor = { staffId: number; by?: never } | { staffId: null; by: Exclude<AuditActor, "staff"> };
export const COMMAND_LINE: Actor = { staffId: null, by: AuditActor.cli };
export const SCHEDULE: Actor = { staffId: null, by: AuditActor.schedule };
export const CUSTOMER: Actor = { staffId: null, by: AuditActor.customer };

export type AuditEntry = {
  action: AuditAction;
  resource: AuditResource;
  resourceId: string | number;
  before?: unknown;
  after?: unknown;
};

export async function recordAudit(tx: Prisma.TransactionClient, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      staffId: actor.staffId,
      actor: actor.by ?? AuditActor.staff,
      action: entry.action,
      resource: entry.resource,
      resourceId: String(entry.resourceId),
      before: asJson(entry.before),
      after: asJson(entry.after),
    },
  });
}

// JSON round trip: dates become ISO strings, undefined fields disappear, as the API shows them.
function asJson(value: unknown): Prisma.InputJsonValue | undefined {
  return value === undefined || value === null ? undefined : JSON.parse(JSON.stringify(value));
}
