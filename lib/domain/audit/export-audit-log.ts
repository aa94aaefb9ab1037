/**
 * The audit log for a range of days, every column of every entry, for admins to hand to an
 * auditor: as CSV or JSON Lines, read a page at a time so no range is ever held whole. The export
 * is itself an audit entry, written before the first row leaves, and signs a checkpoint of the chain.
 * Sealed personal values are opened while their customer's key exists (open-personal-values.ts): the
 * export shows what staff read, so an entry with one does not hash to its `hash` outside the database
 * (its links still check).
 */
import { z } from "zod";
import type { AuditLog, Prisma, Staff } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { csvRow } from "@/lib/platform/csv";
import { collectedAfter, EXPORT_HEAP_BUDGET_MB, withinHeapBudget } from "@/lib/platform/runtime/garbage-collection";
import { calendarDate, fields } from "@/lib/platform/validation/fields";
import { WITH_STAFF_EMAIL } from "./audit-record";
import { auditedChange } from "./audited-change";
import { checkpointAuditChain } from "./checkpoint-audit-chain";
import type { Actor } from "./record-audit";
import { openPersonalValues } from "./open-personal-values";

type Entry = AuditLog & { staff: Pick<Staff, "email"> | null };

/**
 * The columns of the export, in order: a name and its value in an entry (a JSON value; the CSV
 * writes null as an empty cell and objects as JSON). A new column is one line here.
 */
const COLUMNS = {
  id: (entry: Entry) => entry.id,
  created_at: (entry: Entry) => entry.createdAt.toISOString(),
  actor: (entry: Entry) => entry.actor,
  staff_id: (entry: Entry) => entry.staffId,
  staff_email: (entry: Entry) => entry.staff?.email ?? null,
  action: (entry: Entry) => entry.action,
  resource: (entry: Entry) => entry.resource,
  resource_id: (entry: Entry) => entry.resourceId,
  before: (entry: Entry) => entry.before,
  after: (entry: Entry) => entry.after,
  email: (entry: Entry) => entry.email,
  ip: (entry: Entry) => entry.ip,
  user_agent: (entry: Entry) => entry.userAgent,
  outcome: (entry: Entry) => entry.outcome,
  chain_position: (entry: Entry) => entry.chainPosition,
  prev_hash: (entry: Entry) => entry.prevHash,
  hash: (entry: Entry) => entry.hash,
} satisfies Record<string, (entry: Entry) => Prisma.JsonValue>;

export const AUDIT_LOG_EXPORT_COLUMNS = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];

export type AuditLogExportRow = { [Column in keyof typeof COLUMNS]: ReturnType<(typeof COLUMNS)[Column]> };

const cell = (value: Prisma.JsonValue) =>
  value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

const FORMATS = { csv: "csv", jsonl: "jsonl" } as const;
export type AuditLogExportFormat = keyof typeof FORMATS;

/** Each format: its first line, if any, and the line of one row (without its line end). */
export const AUDIT_LOG_EXPORT_FORMATS: Record<
  AuditLogExportFormat,
  { header?: string; line: (row: AuditLogExportRow) => string }
> = {
  csv: { header: csvRow(AUDIT_LOG_EXPORT_COLUMNS), line: (row) => csvRow(Object.values(row).map(cell)) },
  jsonl: { line: (row) => JSON.stringify(row) },
};

/** `from` and `to`: UTC days, both included. */
export const auditLogExportInput = z
  .object({
    format: fields.choice("format", FORMATS),
    from: fields.day("from"),
    to: fields.day("to"),
  })
  // Judged once both are days (zod runs this check even when a field failed).
  .refine((input) => !calendarDate(input.from) || !calendarDate(input.to) || input.from <= input.to, {
    path: ["from"],
    message: "from must not be after to",
    params: { code: "mismatch" },
  });
export type AuditLogExportInput = z.infer<typeof auditLogExportInput>;

const PAGE_SIZE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Records the export (`export` of `audit_log`, with the format, the days and the number of rows)
 * and answers that number and the rows, oldest id first. The rows are the range's entries up to
 * the newest one when the export was recorded, counted in the same transaction, so the file holds
 * the rows its entry says whatever is written meanwhile; its own entry falls in the next export.
 * Recorded before the first row is read: a client that goes away halfway took some of the rows,
 * and the log says so.
 */
export async function exportAuditLog(
  input: AuditLogExportInput,
  actor: Actor,
): Promise<{ rows: number; entries: AsyncGenerator<AuditLogExportRow> }> {
  const from = calendarDate(input.from) as Date;
  const until = new Date((calendarDate(input.to) as Date).getTime() + DAY_MS);
  const { newest, count } = await auditedChange(actor, [], async (tx) => {
    const newest = (await tx.auditLog.findFirst({ orderBy: { id: "desc" }, select: { id: true } }))?.id ?? 0;
    const count = await tx.auditLog.count({ where: { createdAt: { gte: from, lt: until }, id: { lte: newest } } });
    return {
      result: { newest, count },
      audit: {
        action: "export",
        resource: "audit_log",
        resourceId: "",
        after: { format: input.format, from: input.from, to: input.to, rows: count },
      },
    };
  });
  // The head, its own entry included, signed: the auditor's file and a checkpoint agree on it.
  await checkpointAuditChain("export");
  return { rows: count, entries: collectedAfter(pages(from, until, newest)) };
}

/** The entries of [from, until) with an id up to `newest`, a page at a time by id. */
async function* pages(from: Date, until: Date, newest: number): AsyncGenerator<AuditLogExportRow> {
  for (let after = 0; ; ) {
    const page = await db().auditLog.findMany({
      where: { createdAt: { gte: from, lt: until }, id: { gt: after, lte: newest } },
      include: WITH_STAFF_EMAIL,
      orderBy: { id: "asc" },
      take: PAGE_SIZE,
    });
    for (const entry of await openPersonalValues(page)) yield toRow(entry);
    if (page.length < PAGE_SIZE) return;
    after = page[page.length - 1].id;
    withinHeapBudget(EXPORT_HEAP_BUDGET_MB);
  }
}

function toRow(entry: Entry): AuditLogExportRow {
  return Object.fromEntries(
    AUDIT_LOG_EXPORT_COLUMNS.map((column) => [column, COLUMNS[column](entry)]),
  ) as AuditLogExportRow;
}
