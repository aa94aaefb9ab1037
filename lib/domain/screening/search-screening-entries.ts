/**
 * Finds the listed people a person may be: the entries in force of every screening list, scored 0–1
 * against a name, and a birth date and nationality when known, best first.
 * The contract the search endpoint, the customer's screening and the re-screen share; the scorer
 * behind it is docs/compliance.md's: candidates from the in-memory index (./screening-index.ts),
 * each scored by ./score-screening-name.ts.
 */
import type { ScreeningTopic } from "@/lib/generated/prisma/client";
import {
  personEvidence,
  roundedScore,
  scoredName,
  scorePerson,
  type SimilarityMemo,
  WEIGHTS,
} from "./score-screening-name";
import { keysOf, screeningIndex, stretchesOf, type ScreeningIndex } from "./screening-index";
import type { NameToken } from "./screening-names";

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

/**
 * The search itself, over an index held in memory (the bench times this part on a synthetic list).
 * Nothing it allocates grows with the index: the candidates are counted in the index's own array,
 * and a candidate whose best possible score (a perfect name, plus its birth date's and nationality's
 * evidence) could not be a hit is not scored; one born two years or more away is passed over on the
 * index's birth years alone, without reading its entry.
 */
export function searchIndex(index: ScreeningIndex, query: ScreeningQuery): ScreeningHit[] {
  const name = scoredName(query.name);
  const { tokens } = name;
  if (tokens.length === 0) return [];
  const candidates = candidatesOf(index, tokens);
  const memo: SimilarityMemo = new Map();
  const threshold = query.threshold ?? 0;
  const limit = query.limit ?? 10;
  const scored = { name, dateOfBirth: query.dateOfBirth, nationality: query.nationality };
  // Listed people born two years or more from the person: at best a perfect name and a nationality.
  const year = query.dateOfBirth ? Number(query.dateOfBirth.slice(0, 4)) : Number.NaN;
  const bornApart = roundedScore(1 + WEIGHTS.yearsApart + WEIGHTS.sameNationality) < threshold;
  // The best scores so far, highest first, at most `limit`: a candidate that cannot reach the last is passed over.
  const best: number[] = [];
  const hits: ScreeningHit[] = [];
  for (const position of candidates) {
    if (bornApart && (year - index.latestYear[position] >= 2 || index.earliestYear[position] - year >= 2)) continue;
    const listed = index.entries[position];
    const evidence = personEvidence(scored, listed);
    const bound = roundedScore(1 + evidence);
    if (bound < threshold || (best.length === limit && bound < best[limit - 1])) continue;
    const { score, matchedName } = scorePerson(scored, listed, memo, evidence);
    if (score < threshold) continue;
    const { names: _names, id, ...entry } = listed;
    hits.push({ ...entry, entryId: id, matchedName, score });
    let at = best.length;
    while (at > 0 && best[at - 1] < score) at--;
    if (at < limit) {
      best.splice(at, 0, score);
      if (best.length > limit) best.pop();
    }
  }
  return hits.sort((a, b) => b.score - a.score || a.entryId - b.entryId).slice(0, limit);
}

/**
 * The entries to score, by position: those sharing the most stretches of the name first (in the
 * order first found among equals), at most MAX_CANDIDATES. A stretch counts once an entry, though
 * both its keys find it: the second key's posting skips what the first's holds (both ascending). A
 * name of two words or more must share two; a name whose words are all too short for a key is
 * looked up whole. Counted in the index's `shared`, set back to zero before it returns.
 */
function candidatesOf(index: ScreeningIndex, tokens: NameToken[]): number[] {
  const { shared } = index;
  const found: number[] = [];
  const count = (position: number) => {
    if (shared[position] === 0) found.push(position);
    if (shared[position] < 255) shared[position]++;
  };
  try {
    const keyed = stretchesOf(tokens).filter((stretch) => keysOf(stretch).length > 0);
    const lookups = keyed.length > 0 ? keyed.map(keysOf) : [[`p:${tokens.map((token) => token.text).join("")}`]];
    const none: number[] = [];
    for (const [first, second] of lookups) {
      const a = index.postings.get(first) ?? none;
      const b = (second !== undefined && index.postings.get(second)) || none;
      for (const position of a) count(position);
      for (let i = 0, j = 0; j < b.length; j++) {
        while (i < a.length && a[i] < b[j]) i++;
        if (a[i] !== b[j]) count(b[j]);
      }
    }
    const needed = Math.min(tokens.length, 2, keyed.length || 1);
    // Counting sort, most shared first: equals keep the order they were first found in.
    const byShared: number[][] = [];
    for (const position of found) {
      const sharing = shared[position];
      if (sharing < needed) continue;
      const bucket = byShared[sharing];
      if (bucket) bucket.push(position);
      else byShared[sharing] = [position];
    }
    const candidates: number[] = [];
    for (let sharing = byShared.length - 1; sharing >= needed && candidates.length < MAX_CANDIDATES; sharing--) {
      for (const position of byShared[sharing] ?? []) {
        if (candidates.length === MAX_CANDIDATES) break;
        candidates.push(position);
      }
    }
    return candidates;
  } finally {
    for (const position of found) shared[position] = 0;
  }
}
