/**
 * The audit log, read-only, a page at a time. Filters: `resource`, `action` (one of its enum's
 * values, else a 400), `staff_id`, `resource_id`, and for sign-ins `outcome` and `email` (part of
 * the address tried, any case). Sealed personal values are opened (open-personal-values.ts).
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { AuditAction, AuditResource, SignInOutcome } from "@/lib/generated/prisma/enums";
import {
  boundedTextFilter,
  boundedTotal,
  closedSetFilter,
  enumFilter,
  idsFilter,
  likeLiteral,
  numericId,
  narrows,
  pageOf,
  type ListQuery,
} from "@/lib/platform/db/list-query";
import { toAuditRecord, WITH_STAFF_EMAIL } from "./audit-record";
import { nameAuditedRecords } from "./name-audited-records";
import { openPersonalValues } from "./open-personal-values";
import { MAX_SIGN_IN_EMAIL_LENGTH } from "./record-sign-in";

export const SORTABLE = { id: "id", created_at: "createdAt", resource: "resource", action: "action" };

export async function listAuditLog(query: ListQuery) {
  const where: Prisma.AuditLogWhereInput = {
    id: idsFilter(query.filter, numericId),
    resource: closedSetFilter(AuditResource, query.filter.resource, "resource"),
    action: closedSetFilter(AuditAction, query.filter.action, "action"),
    resourceId: query.filter.resource_id === undefined ? undefined : String(query.filter.resource_id),
    staffId: query.filter.staff_id === undefined ? undefined : (numericId(query.filter.staff_id) ?? -1),
    outcome: enumFilter(SignInOutcome, query.filter.outcome),
    email: emailFilter(query.filter.email),
  };
  const [rows, total] = await Promise.all([
    db().auditLog.findMany({ where, include: WITH_STAFF_EMAIL, ...pageOf(query) }),
    // The filters' indexes continue with the time: (resource_id, resource, created_at), (staff_id, created_at), (outcome, created_at)…
    boundedTotal(
      (bound) => db().auditLog.count({ where, orderBy: { createdAt: "desc" }, ...bound }),
      narrows(query.filter) ? undefined : "audit_log",
    ),
  ]);
  const [opened, names] = await Promise.all([openPersonalValues(rows), nameAuditedRecords(rows)]);
  return { rows: opened.map((row, index) => toAuditRecord(row, names[index])), total };
}

/** Sign-ins store the address tried cut short (record-sign-in.ts): a longer filter is a 400. */
function emailFilter(value: unknown): Prisma.StringNullableFilter<"AuditLog"> | undefined {
  const email = boundedTextFilter(value, "email", MAX_SIGN_IN_EMAIL_LENGTH);
  return email === undefined ? undefined : { contains: likeLiteral(email), mode: "insensitive" };
}
