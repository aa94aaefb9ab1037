/**
 * The entries in force of every list, held in memory with an index from name keys to entries, so a
 * search scores a few candidates rather than every listed name. Its keys are each token's consonant
 * skeleton and first four letters, and the same for each two neighbouring tokens run together
 * ("Xi Jin Ping" is found by "Xi Jinping"). Rebuilt when a list's version changes: each search
 * reads the lists' versions (one small query) and compares them with those the index was built from.
 */
import type { ScreeningTopic } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";
import { type ScoredName, scoredName } from "./score-screening-name";
import { type NameToken, skeletonOf } from "./screening-names";

export type IndexedEntry = {
  id: number;
  listId: number;
  listName: string;
  listVersion: number;
  name: string;
  /** Its name and aliases, read as the scorer reads them once, when the index is built. */
  names: ScoredName[];
  birthDates: string[];
  nationalities: string[];
  topics: ScreeningTopic[];
  programs: string[];
  contentHash: string;
};

/**
 * `postings`: each key's entries, by their position in `entries`, ascending. `earliestYear` and
 * `latestYear`: each entry's birth years' range by position (NaN without one), side by side in
 * memory, so a search can pass over a candidate born years away without reading the entry.
 * `shared`: a search's count of the stretches each entry shares with the name, zero between searches
 * (a search is synchronous, and sets back what it counted): made once with the index, not per search.
 */
export type ScreeningIndex = {
  versions: string;
  entries: IndexedEntry[];
  postings: Map<string, number[]>;
  earliestYear: Float64Array;
  latestYear: Float64Array;
  shared: Uint8Array;
};

/** A listed person as read from the database, before their names are tokenised. */
export type EntryOfIndex = Omit<IndexedEntry, "names"> & { aliases: string[] };

/** The keys one stretch of a name is found by. */
export function keysOf(text: string): string[] {
  const skeleton = skeletonOf(text);
  // A skeleton of one sound ("Li", "Ali", "Lee") or a prefix of two letters would find half the list.
  return [...(skeleton.length >= 2 ? [`s:${skeleton}`] : []), ...(text.length >= 3 ? [`p:${text.slice(0, 4)}`] : [])];
}

/** Each token's text, and each two neighbours' run together: the stretches of a name the index knows. */
export function stretchesOf(tokens: NameToken[]): string[] {
  return [
    ...tokens.map((token) => token.text),
    ...tokens.slice(1).map((token, index) => tokens[index].text + token.text),
  ];
}

const READ_BATCH = 10_000;

/** An index of `listed`, in memory (the bench builds one of a synthetic list the same way). */
export function indexOf(versions: string, listed: EntryOfIndex[]): ScreeningIndex {
  const entries: IndexedEntry[] = [];
  const postings = new Map<string, number[]>();
  const earliestYear = new Float64Array(listed.length).fill(Number.NaN);
  const latestYear = new Float64Array(listed.length).fill(Number.NaN);
  for (const { aliases, ...entry } of listed) {
    const position = entries.length;
    const years = entry.birthDates.map((date) => Number(date.slice(0, 4)));
    if (years.length > 0) {
      earliestYear[position] = Math.min(...years);
      latestYear[position] = Math.max(...years);
    }
    const names = [entry.name, ...aliases].map(scoredName);
    entries.push({ ...entry, names });
    for (const key of new Set(names.flatMap(({ tokens }) => stretchesOf(tokens).flatMap(keysOf)))) {
      const posting = postings.get(key);
      if (posting) posting.push(position);
      else postings.set(key, [position]);
    }
  }
  return { versions, entries, postings, earliestYear, latestYear, shared: new Uint8Array(listed.length) };
}

async function buildIndex(versions: string): Promise<ScreeningIndex> {
  const lists = new Map((await db().screeningList.findMany()).map((list) => [list.id, list]));
  const listed: EntryOfIndex[] = [];
  for (let cursor = 0; ; ) {
    const batch = await db().screeningEntry.findMany({
      where: { removedInVersion: null, id: { gt: cursor } },
      orderBy: { id: "asc" },
      take: READ_BATCH,
    });
    if (batch.length === 0) break;
    cursor = batch[batch.length - 1].id;
    for (const entry of batch) {
      const list = lists.get(entry.listId);
      if (!list) continue;
      listed.push({
        id: entry.id,
        listId: entry.listId,
        listName: list.name,
        listVersion: list.version,
        name: entry.name,
        aliases: entry.aliases,
        birthDates: entry.birthDates,
        nationalities: entry.nationalities,
        topics: entry.topics,
        programs: entry.programs,
        contentHash: entry.contentHash,
      });
    }
  }
  return indexOf(versions, listed);
}

let built: { versions: string; index: Promise<ScreeningIndex> } | undefined;

/** The index of the lists as they are now: the one held, or one built afresh when a version changed. */
export async function screeningIndex(): Promise<ScreeningIndex> {
  const lists = await db().screeningList.findMany({ select: { id: true, version: true }, orderBy: { id: "asc" } });
  const versions = lists.map((list) => `${list.id}:${list.version}`).join(",");
  if (built?.versions !== versions) {
    const index = buildIndex(versions);
    built = { versions, index };
    // A failed build is not kept: the next search tries again.
    index.catch(() => {
      if (built?.index === index) built = undefined;
    });
  }
  return built.index;
}
