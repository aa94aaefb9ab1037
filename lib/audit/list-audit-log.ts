/**
 * The audit log, read-only, a page at a time. Filters: `resource`, `action`, `staff_id`,
 * `resource_id`, and for sign-ins `outcome` and `email` (part of the address tried, any case).
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { SignInOutcome } from "@/lib/generated/prisma/enums";
import { textFilter, pageOf, idsFilter, numericId, type ListQuery } from "@/lib/db/list-query";
import { toAuditRecord, WITH_STAFF_EMAIL } from "./audit-record";
import { nameAuditedRecords } from "./name-audited-records";

export const SORTABLE = { id: "id", created_at: "createdAt", resource: "resource", action: "action" };

export async function listAuditLog(query: ListQuery) {
  const where: Prisma.AuditLogWhereInput = {
    id: idsFilter(query.filter, numericId),
    resource: textFilter(query.filter.resource),
    action: textFilter(query.filter.action),
    resourceId: query.filter.resource_id === undefined ? undefined : String(query.filter.resource_id),
    staffId: query.filter.staff_id === undefined ? undefined : (numericId(query.filter.staff_id) ?? -1),
    outcome: outcomeFilter(query.filter.outcome),
    email:
      typeof query.filter.email === "string" && query.filter.email.trim() !== ""
        ? { contains: query.filter.email.trim(), mode: "insensitive" }
        : undefined,
  };
  const [rows, total] = await Promise.all([
    db().auditLog.findMany({ where, include: WITH_STAFF_EMAIL, ...pageOf(query, query.order) }),
    db().auditLog.count({ where }),
  ]);
  const names = await nameAuditedRecords(rows);
  return { rows: rows.map((row, index) => toAuditRecord(row, names[index])), total };
}

/** An outcome that is not one matches nothing. */
function outcomeFilter(value: unknown): Prisma.EnumSignInOutcomeNullableFilter | undefined {
  if (value === undefined) return undefined;
  const outcome = Object.values(SignInOutcome).find((known) => known === value);
  return outcome ? { equals: outcome } : { in: [] };
}
