/** One audit log entry, read-only, its sealed personal values opened (open-personal-values.ts). */
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import { toAuditRecord, WITH_STAFF_EMAIL, type AuditRecord } from "./audit-record";
import { nameAuditedRecords } from "./name-audited-records";
import { openPersonalValues } from "./open-personal-values";

export async function readAuditEntry(id: number): Promise<AuditRecord> {
  const entry = await db().auditLog.findUnique({ where: { id }, include: WITH_STAFF_EMAIL });
  if (!entry) throw notFound();
  const [[opened], [name]] = await Promise.all([openPersonalValues([entry]), nameAuditedRecords([entry])]);
  return toAuditRecord(opened, name);
}
