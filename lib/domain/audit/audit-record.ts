/**
 * An audit log entry as the admin API shows it: who acted (`actor`), with the e-mail address of the staff member who
 * made the change, the name of the record it changed (name-audited-records.ts), and for a
 * sign-in's entry the e-mail tried, its address, browser and outcome.
 */
import type { AuditLog, Staff } from "@/lib/generated/prisma/client";
import type { AuditAction, AuditActor, AuditResource, SignInOutcome } from "@/lib/generated/prisma/enums";

export type AuditRecord = {
  id: number;
  actor: AuditActor;
  staff_id: number | null;
  staff_email: string | null;
  action: AuditAction;
  resource: AuditResource;
  resource_id: string;
  /** "Poland" for countries 177; null when the entry is about no one record. */
  record_name: string | null;
  before: unknown;
  after: unknown;
  email: string | null;
  ip: string | null;
  user_agent: string | null;
  outcome: SignInOutcome | null;
  created_at: string;
};

/** What findMany/findUnique include so that toAuditRecord can name the staff member. */
export const WITH_STAFF_EMAIL = { staff: { select: { email: true } } } as const;

export function toAuditRecord(
  entry: AuditLog & { staff: Pick<Staff, "email"> | null },
  recordName: string | null,
): AuditRecord {
  return {
    id: entry.id,
    actor: entry.actor,
    staff_id: entry.staffId,
    staff_email: entry.staff?.email ?? null,
    action: entry.action,
    resource: entry.resource,
    resource_id: entry.resourceId,
    record_name: recordName,
    before: entry.before,
    after: entry.after,
    email: entry.email,
    ip: entry.ip,
    user_agent: entry.userAgent,
    outcome: entry.outcome,
    created_at: entry.createdAt.toISOString(),
  };
}
