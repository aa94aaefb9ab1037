/** The audit log, read-only, a page at a time. Filters: `resource`, `action`, `staff_id`, `resource_id`. */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
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
  };
  const [rows, total] = await Promise.all([
    db().auditLog.findMany({ where, include: WITH_STAFF_EMAIL, ...pageOf(query, query.order) }),
    db().auditLog.count({ where }),
  ]);
  const names = await nameAuditedRecords(rows);
  return { rows: rows.map((row, index) => toAuditRecord(row, names[index])), total };
}
