/**
 * A possible screening match as compliance sees it: the customer and the listed person side by
 * side (names, birth dates, nationalities; the entry's programs, topics, list and version), the
 * score, and the decision with its reason opened from its seal (ERASED once retention shredded the
 * customer's key).
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { openPersonalValues } from "@/lib/domain/audit/open-personal-values";

export const withMatchParts = {
  customer: {
    select: { id: true, email: true, givenNames: true, familyName: true, dateOfBirth: true, nationality: true },
  },
  entry: {
    select: {
      externalId: true,
      name: true,
      aliases: true,
      birthDates: true,
      nationalities: true,
      topics: true,
      programs: true,
      removedInVersion: true,
    },
  },
  list: { select: { name: true, version: true } },
  decidedBy: { select: { name: true } },
} as const satisfies Prisma.ScreeningMatchInclude;

type MatchRow = Prisma.ScreeningMatchGetPayload<{ include: typeof withMatchParts }>;

export type ScreeningMatchRecord = ReturnType<typeof toRecord>;

const toRecord = (row: MatchRow, reason: string | null) => ({
  id: row.id,
  status: row.status,
  score: row.score,
  customer_id: row.customerId,
  /** The customer as screened, and as they are now. */
  customer_name: row.customerName,
  customer: {
    email: row.customer.email,
    given_names: row.customer.givenNames,
    family_name: row.customer.familyName,
    date_of_birth: row.customer.dateOfBirth?.toISOString().slice(0, 10) ?? null,
    nationality: row.customer.nationality,
  },
  list: row.list.name,
  list_version: row.listVersion,
  list_version_in_force: row.list.version,
  matched_name: row.matchedName,
  entry: {
    external_id: row.entry.externalId,
    name: row.entry.name,
    aliases: row.entry.aliases,
    birth_dates: row.entry.birthDates,
    nationalities: row.entry.nationalities,
    topics: row.entry.topics,
    programs: row.entry.programs,
    /** Dropped by a later version of its list. */
    removed: row.entry.removedInVersion !== null,
  },
  reason,
  decided_by: row.decidedBy?.name ?? null,
  decided_at: row.decidedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** `rows` as records, their reasons opened with one read of the keys. */
export async function toScreeningMatchRecords(rows: MatchRow[]): Promise<ScreeningMatchRecord[]> {
  const opened = await openPersonalValues(rows.map((row) => ({ before: null, after: { reason: row.reason } })));
  return rows.map((row, index) => {
    const reason = (opened[index].after as { reason: unknown }).reason;
    return toRecord(row, typeof reason === "string" ? reason : null);
  });
}
