/**
 * The customers a filter matches (see customer-filter.ts), as CSV for compliance; the export is
 * recorded in the audit log.
 */
import { db } from "@/lib/platform/db";
import { csvRow } from "@/lib/platform/csv";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { auditedCustomerFilter, customerFilter } from "./customer-filter";
import { toCustomerRecord, withClientName, type CustomerRecord } from "@/lib/domain/customer-profiles/customer-record";
import { PROFILE_FIELDS } from "@/lib/domain/customer-profiles/profile-fields";

const EXPORT_BATCH = 1000;

const CSV_COLUMNS: (keyof CustomerRecord)[] = [
  "id",
  "email",
  "verified",
  "email_verified_at",
  "source",
  "registered_via",
  "registered_via_name",
  "created_at",
  "closed_at",
  "status",
  // The profile and its review (issue 25).
  ...PROFILE_FIELDS,
  "profile_updated_at",
  "kyc_status",
  "risk_rating",
  "pep",
  "sanctions_hit",
  // Issue 28: since when a legal hold keeps retention off the account.
  "legal_hold_since",
];

/**
 * Every customer the filter matches, as CSV, oldest first. Exporting personal data is recorded in
 * the audit log with the filter used (as auditedCustomerFilter tells it) and the number of rows, so
 * compliance can see who took what.
 */
export async function exportCustomers(filter: Record<string, unknown>, actor: Actor): Promise<string> {
  const where = customerFilter(filter);
  const lines = [CSV_COLUMNS.join(",")];
  for (let afterId = 0; ; ) {
    const batch = await db().customer.findMany({
      where: { AND: [where, { id: { gt: afterId } }] },
      include: withClientName,
      orderBy: { id: "asc" },
      take: EXPORT_BATCH,
    });
    for (const customer of batch) {
      const record = toCustomerRecord(customer);
      lines.push(csvRow(CSV_COLUMNS.map((column) => String(record[column] ?? ""))));
    }
    if (batch.length < EXPORT_BATCH) break;
    afterId = batch[batch.length - 1].id;
  }
  await auditedChange(actor, [], async () => ({
    result: undefined,
    audit: {
      action: "export",
      resource: "customers",
      resourceId: "",
      after: { filter: auditedCustomerFilter(filter), rows: lines.length - 1 },
    },
  }));
  return `${lines.join("\r\n")}\r\n`;
}
