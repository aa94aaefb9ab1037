/**
 * The customers a filter matches (see customer-filter.ts), as CSV for compliance: recorded in the
 * audit log first, then read a batch at a time by id (keyset, no transaction or cursor held between
 * batches), so no export is ever held whole and one the client leaves holds nothing; the garbage of
 * the batches read is collected within a budget (garbage-collection.ts), so memory stays flat.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { csvRow } from "@/lib/platform/csv";
import { collectedAfter, EXPORT_HEAP_BUDGET_MB, withinHeapBudget } from "@/lib/platform/runtime/garbage-collection";
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
 * Records the export (`export` of `customers`, with the filter as auditedCustomerFilter tells it
 * and the number of rows) and answers that number and the file's lines, header first, oldest
 * customer first. The rows are those the filter matched as the export was recorded, up to the
 * newest customer then (counted in the same transaction), so the file holds the rows its entry
 * says, unless a customer changes meanwhile so as to enter or leave the filter. Recorded before
 * the first row is read: a client that goes away halfway took some of the rows, and the log says so.
 */
export async function exportCustomers(
  filter: Record<string, unknown>,
  actor: Actor,
): Promise<{ rows: number; lines: AsyncGenerator<string> }> {
  const where = customerFilter(filter);
  const { newest, rows } = await auditedChange(actor, [], async (tx) => {
    const newest = (await tx.customer.findFirst({ orderBy: { id: "desc" }, select: { id: true } }))?.id ?? 0;
    const rows = await tx.customer.count({ where: { AND: [where, { id: { lte: newest } }] } });
    return {
      result: { newest, rows },
      audit: {
        action: "export",
        resource: "customers",
        resourceId: "",
        after: { filter: auditedCustomerFilter(filter), rows },
      },
    };
  });
  return { rows, lines: collectedAfter(lines(where, newest)) };
}

async function* lines(where: Prisma.CustomerWhereInput, newest: number): AsyncGenerator<string> {
  yield CSV_COLUMNS.join(",");
  for (let after = 0; ; ) {
    const batch = await db().customer.findMany({
      where: { AND: [where, { id: { gt: after, lte: newest } }] },
      include: withClientName,
      orderBy: { id: "asc" },
      take: EXPORT_BATCH,
    });
    for (const customer of batch) {
      const record = toCustomerRecord(customer);
      yield csvRow(CSV_COLUMNS.map((column) => String(record[column] ?? "")));
    }
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1].id;
    withinHeapBudget(EXPORT_HEAP_BUDGET_MB);
  }
}
