import type { Customer, Prisma } from "@/lib/generated/prisma/client";
import { CustomerSource, type CustomerEventType, type EventOutcome } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/api/errors";
import { csvField } from "@/lib/csv";
import { auditedChange, type Actor } from "@/lib/audit";
import { enumFilter, pageOf, booleanFilter, idsFilter, numericId, searchText, type ListQuery } from "./protocol";

/**
 * Customers for compliance: read-only, and never a password hash or a token. Filters: `q` (part of
 * the e-mail), `verified`, `source` ("api" or "import"), `created_gte` / `created_lte` (dates,
 * both days included).
 */
export type CustomerRecord = {
  id: number;
  email: string;
  verified: boolean;
  email_verified_at: string | null;
  source: CustomerSource;
  registered_via: number | null;
  /** The API client's name, so compliance need not be able to read API clients to see it. */
  registered_via_name: string | null;
  created_at: string;
  updated_at: string;
};

export type CustomerEventRecord = {
  id: number;
  type: CustomerEventType;
  outcome: EventOutcome;
  email: string;
  api_client_id: number | null;
  ip: string;
  user_agent: string;
  fingerprint: string;
  created_at: string;
};

export const SORTABLE = { id: "id", email: "email", created_at: "createdAt", email_verified_at: "emailVerifiedAt", source: "source" };

const EVENTS_SHOWN = 500;
const EXPORT_BATCH = 1000;

type CustomerWithClient = Customer & { apiClient: { name: string } | null };
const withClientName = { apiClient: { select: { name: true } } } as const;

function toRecord(customer: CustomerWithClient): CustomerRecord {
  return {
    id: customer.id,
    email: customer.email,
    verified: customer.emailVerifiedAt !== null,
    email_verified_at: customer.emailVerifiedAt?.toISOString() ?? null,
    source: customer.source,
    registered_via: customer.registeredVia,
    registered_via_name: customer.apiClient?.name ?? null,
    created_at: customer.createdAt.toISOString(),
    updated_at: customer.updatedAt.toISOString(),
  };
}

function whereOf(filter: Record<string, unknown>): Prisma.CustomerWhereInput {
  const q = searchText(filter);
  const verified = booleanFilter(filter.verified);
  const createdFrom = dateFilter(filter.created_gte, "created_gte");
  const createdTo = dateFilter(filter.created_lte, "created_lte");
  return {
    id: idsFilter(filter, numericId),
    email: q ? { contains: q.toLowerCase() } : undefined,
    emailVerifiedAt: verified === undefined ? undefined : verified ? { not: null } : null,
    source: enumFilter(CustomerSource, filter.source),
    createdAt: createdFrom || createdTo ? { gte: createdFrom, lt: createdTo && nextDay(createdTo) } : undefined,
  };
}

/** A day as the date inputs send it (YYYY-MM-DD, taken as UTC), or a full ISO timestamp. */
function dateFilter(value: unknown, name: string): Date | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw badRequest(`${name} must be a date such as 2026-01-31`);
  return date;
}

// A cell starting with = + - @ is a formula to Excel and its kin; e-mail addresses may start so.
const inertInSpreadsheets = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const nextDay = (date: Date) => new Date(date.getTime() + 24 * 60 * 60 * 1000);

export async function listCustomers(query: ListQuery) {
  const where = whereOf(query.filter);
  const [rows, total] = await Promise.all([
    db().customer.findMany({ where, include: withClientName, ...pageOf(query) }),
    db().customer.count({ where }),
  ]);
  return { rows: rows.map(toRecord), total };
}

/** One customer with their most recent account events (registrations, logins, failures, resets). */
export async function readCustomer(id: number): Promise<CustomerRecord & { events: CustomerEventRecord[] }> {
  const customer = await db().customer.findUnique({
    where: { id },
    include: { ...withClientName, events: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: EVENTS_SHOWN } },
  });
  if (!customer) throw notFound("No such customer");
  return {
    ...toRecord(customer),
    events: customer.events.map((event) => ({
      id: event.id,
      type: event.type,
      outcome: event.outcome,
      email: event.email,
      api_client_id: event.apiClientId,
      ip: event.ip,
      user_agent: event.userAgent,
      fingerprint: event.fingerprint,
      created_at: event.createdAt.toISOString(),
    })),
  };
}

const CSV_COLUMNS: (keyof CustomerRecord)[] = [
  "id",
  "email",
  "verified",
  "email_verified_at",
  "source",
  "registered_via",
  "registered_via_name",
  "created_at",
];

/**
 * Every customer the filter matches, as CSV, oldest first. Exporting personal data is recorded in
 * the audit log with the filter used, so compliance can see who took what.
 */
export async function exportCustomers(filter: Record<string, unknown>, actor: Actor): Promise<string> {
  const where = whereOf(filter);
  const lines = [CSV_COLUMNS.join(",")];
  for (let afterId = 0; ; ) {
    const batch = await db().customer.findMany({ where: { AND: [where, { id: { gt: afterId } }] }, include: withClientName, orderBy: { id: "asc" }, take: EXPORT_BATCH });
    for (const customer of batch) {
      const record = toRecord(customer);
      lines.push(CSV_COLUMNS.map((column) => csvField(inertInSpreadsheets(String(record[column] ?? "")))).join(","));
    }
    if (batch.length < EXPORT_BATCH) break;
    afterId = batch[batch.length - 1].id;
  }
  await auditedChange(actor, [], async () => ({
    result: undefined,
    audit: { action: "export", resource: "customers", resourceId: "", after: { filter, rows: lines.length - 1 } },
  }));
  return `${lines.join("\r\n")}\r\n`;
}
