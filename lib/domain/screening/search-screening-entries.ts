/**
 * Finds the listed people a person may be: the entries in force of every screening list, scored 0–1
 * against a name, and a birth date and nationality when known, best first.
 * The contract the search endpoint, the customer's screening and the re-screen share; the scorer
 * behind it is docs/compliance.md's.
 */
import type { ScreeningTopic } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";

export type ScreeningQuery = {
  name: string;
  /** "YYYY-MM-DD" */
  dateOfBirth?: string | null;
  /** ISO 3166-1 alpha-2 */
  nationality?: string | null;
  /** At most this many hits (default 10). */
  limit?: number;
  /** Only hits scoring at least this (default 0). */
  threshold?: number;
};

export type ScreeningHit = {
  entryId: number;
  listId: number;
  listName: string;
  listVersion: number;
  /** The entry's primary name. */
  name: string;
  /** The entry's name or alias that scored best. */
  matchedName: string;
  score: number;
  birthDates: string[];
  nationalities: string[];
  topics: ScreeningTopic[];
  programs: string[];
  contentHash: string;
};

/** Placeholder scorer, exact names only: the real one replaces this body, the signature stays. */
export async function searchScreeningEntries(query: ScreeningQuery): Promise<ScreeningHit[]> {
  const wanted = query.name.trim().toLowerCase();
  const entries = await db().screeningEntry.findMany({
    where: { removedInVersion: null },
    include: { list: { select: { name: true, version: true } } },
  });
  return entries
    .flatMap((entry) => {
      const matchedName = [entry.name, ...entry.aliases].find((name) => name.trim().toLowerCase() === wanted);
      if (!matchedName) return [];
      return [
        {
          entryId: entry.id,
          listId: entry.listId,
          listName: entry.list.name,
          listVersion: entry.list.version,
          name: entry.name,
          matchedName,
          score: 1,
          birthDates: entry.birthDates,
          nationalities: entry.nationalities,
          topics: entry.topics,
          programs: entry.programs,
          contentHash: entry.contentHash,
        },
      ];
    })
    .filter((hit) => hit.score >= (query.threshold ?? 0))
    .slice(0, query.limit ?? 10);
}
