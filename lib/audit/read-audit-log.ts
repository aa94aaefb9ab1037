import type { AuditLog, Prisma, Staff } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { textFilter, pageOf, idsFilter, numericId, type ListQuery } from "@/lib/db/list-query";

/** The audit log, read-only. Filters: `resource`, `action`, `staff_id`, `resource_id`. */
export type AuditRecord = {
  id: number;
  staff_id: number | null;
  staff_email: string | null;
  action: string;
  resource: string;
  resource_id: string;
  before: unknown;
  after: unknown;
  created_at: string;
};

export const SORTABLE = { id: "id", created_at: "createdAt", resource: "resource", action: "action" };

function toRecord(entry: AuditLog & { staff: Pick<Staff, "email"> | null }): AuditRecord {
  return {
    id: entry.id,
    staff_id: entry.staffId,
    staff_email: entry.staff?.email ?? null,
    action: entry.action,
    resource: entry.resource,
    resource_id: entry.resourceId,
    before: entry.before,
    after: entry.after,
    created_at: entry.createdAt.toISOString(),
  };
}

export async function listAuditLog(query: ListQuery) {
  const where: Prisma.AuditLogWhereInput = {
    id: idsFilter(query.filter, numericId),
    resource: textFilter(query.filter.resource),
    action: textFilter(query.filter.action),
    resourceId: query.filter.resource_id === undefined ? undefined : String(query.filter.resource_id),
    staffId: query.filter.staff_id === undefined ? undefined : numericId(query.filter.staff_id) ?? -1,
  };
  const [rows, total] = await Promise.all([
    db().auditLog.findMany({
      where,
      include: { staff: { select: { email: true } } },
      ...pageOf(query, query.order),
    }),
    db().auditLog.count({ where }),
  ]);
  return { rows: rows.map(toRecord), total };
}

export async function readAuditEntry(id: number): Promise<AuditRecord> {
  const entry = await db().auditLog.findUnique({ where: { id }, include: { staff: { select: { email: true } } } });
  if (!entry) throw notFound();
  return toRecord(entry);
}
