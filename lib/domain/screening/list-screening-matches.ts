/**
 * The review queue (GET /api/admin/screening/matches): possible matches filtered by `status`, `list`
 * (its name), `customer_id` and `topic`, sorted and paged in the database.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { ScreeningMatchStatus, ScreeningTopic } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import {
  boundedTextFilter,
  closedSetFilter,
  idsFilter,
  numericId,
  pageOf,
  type ListQuery,
} from "@/lib/platform/db/list-query";
import { toScreeningMatchRecords, withMatchParts } from "./screening-match-record";

export const SORTABLE = {
  id: "id",
  created_at: "createdAt",
  score: "score",
  status: "status",
  decided_at: "decidedAt",
};

/** A list's name is at most this long (screening_lists.name). */
const LIST_NAME_MAX = 64;

export async function listScreeningMatches(query: ListQuery) {
  const { filter } = query;
  const topic = closedSetFilter(ScreeningTopic, filter.topic, "topic");
  const list = boundedTextFilter(filter.list, "list", LIST_NAME_MAX);
  let customerId: number | undefined;
  if (filter.customer_id !== undefined && filter.customer_id !== "") {
    customerId = numericId(filter.customer_id);
    if (customerId === undefined) throw invalidRequest("customer_id must be a customer's id");
  }
  const where: Prisma.ScreeningMatchWhereInput = {
    id: idsFilter(filter, numericId),
    status: closedSetFilter(ScreeningMatchStatus, filter.status, "status"),
    customerId,
    list: list ? { name: list } : undefined,
  };
  if (topic) where.entryId = { in: await entriesListedFor(topic, where) };
  const [rows, total] = await Promise.all([
    db().screeningMatch.findMany({ where, include: withMatchParts, ...pageOf(query) }),
    db().screeningMatch.count({ where }),
  ]);
  return { rows: await toScreeningMatchRecords(rows), total };
}

/**
 * The entries of the matches `where` finds that are listed for `topic`. Read in two steps: Prisma's
 * `has` on an enum array sends a value the driver adapters refuse ("malformed array literal"), and
 * the entries that have matches are few beside the lists.
 */
async function entriesListedFor(topic: ScreeningTopic, where: Prisma.ScreeningMatchWhereInput): Promise<number[]> {
  const matched = await db().screeningMatch.findMany({ where, select: { entryId: true }, distinct: ["entryId"] });
  const entries = await db().screeningEntry.findMany({
    where: { id: { in: matched.map(({ entryId }) => entryId) } },
    select: { id: true, topics: true },
  });
  return entries.filter((entry) => entry.topics.includes(topic)).map(({ id }) => id);
}
