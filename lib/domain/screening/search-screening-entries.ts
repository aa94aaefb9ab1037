/**
 * Finds the listed people a person may be: the entries in force of every screening list, scored 0–1
 * against a name, and a birth date and nationality when known, best first.
 * The contract the search endpoint, the customer's screening and the re-screen share; the scorer
 * behind it is docs/compliance.md's: candidates from the in-memory index (./screening-index.ts),
 * each scored by ./score-screening-name.ts.
 */
import type { ScreeningTopic } from "@/lib/generated/prisma/client";
import { scorePerson, type SimilarityMemo } from "./score-screening-name";
import { keysOf, screeningIndex, stretchesOf, type ScreeningIndex } from "./screening-index";
import { nameTokens } from "./screening-names";

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

/** The most candidates one search scores: those sharing the most stretches of the name first. */
const MAX_CANDIDATES = 1000;

export async function searchScreeningEntries(query: ScreeningQuery): Promise<ScreeningHit[]> {
  return searchIndex(await screeningIndex(), query);
}

/** The search itself, over an index held in memory (the bench times this part on a synthetic list). */
export function searchIndex(index: ScreeningIndex, query: ScreeningQuery): ScreeningHit[] {
  const tokens = nameTokens(query.name);
  if (tokens.length === 0) return [];
  // How many stretches of the name each entry shares (an entry counted once a stretch); a name of
  // two words or more must share two. A name whose words are all too short for a key is looked up whole.
  const shared = new Uint8Array(index.entries.length);
  const seenFor = new Int32Array(index.entries.length).fill(-1);
  const touched: number[] = [];
  const stretches = stretchesOf(tokens);
  const keyed = stretches.filter((stretch) => keysOf(stretch).length > 0);
  (keyed.length > 0 ? keyed : [tokens.map((token) => token.text).join("")]).forEach((stretch, number) => {
    for (const key of keysOf(stretch).length > 0 ? keysOf(stretch) : [`p:${stretch}`]) {
      for (const position of index.postings.get(key) ?? []) {
        if (seenFor[position] === number) continue;
        seenFor[position] = number;
        if (shared[position] === 0) touched.push(position);
        if (shared[position] < 255) shared[position]++;
      }
    }
  });
  const needed = Math.min(tokens.length, 2, keyed.length || 1);
  const candidates = touched
    .filter((position) => shared[position] >= needed)
    .sort((a, b) => shared[b] - shared[a])
    .slice(0, MAX_CANDIDATES);
  const memo: SimilarityMemo = new Map();
  const threshold = query.threshold ?? 0;
  const hits: ScreeningHit[] = [];
  for (const position of candidates) {
    const { names: _names, id, ...entry } = index.entries[position];
    const { score, matchedName } = scorePerson(
      { tokens, dateOfBirth: query.dateOfBirth, nationality: query.nationality },
      index.entries[position],
      memo,
    );
    if (score >= threshold) hits.push({ ...entry, entryId: id, matchedName, score });
  }
  return hits.sort((a, b) => b.score - a.score || a.entryId - b.entryId).slice(0, query.limit ?? 10);
}
