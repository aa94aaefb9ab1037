/** One audit log entry, read-only. */
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import { toAuditRecord, WITH_STAFF_EMAIL, type AuditRecord } from "./audit-record";
import { nameAuditedRecords } from "./name-audited-records";

export async function readAuditEntry(id: number): Promise<AuditRecord> {
  const entry = await db().auditLog.findUnique({ where: { id }, include: WITH_STAFF_EMAIL });
  if (!entry) throw notFound();
  const [name] = await nameAuditedRecords([entry]);
  return toAuditRecord(entry, name);
}
