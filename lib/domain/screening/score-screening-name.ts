/**
 * The scorer (docs/compliance.md, "Matching"): how alike a person is to a listed person, 0–1.
 * Names are compared token by token with Jaro–Winkler (./jaro-winkler.ts), each token of the shorter name
 * assigned to its best partner in the other (greedy, best pairs first), so the order of family and
 * given names does not matter; a token's weight grows with its length (initials and short words say
 * less); the longer name's tokens left without a partner (a middle name, a second surname) cost a
 * little, a name that shares only one word with a longer one a lot. Birth dates and nationalities
 * are evidence added afterwards: the same day raises, a year alone less, a year apart or more lowers.
 */
import { jaroWinkler } from "./jaro-winkler";
import type { NameToken } from "./screening-names";

/** The weights, named so that docs/compliance.md and the bench can show them. */
export const WEIGHTS = {
  /** A pair of tokens below this Jaro–Winkler similarity is not a pair. */
  pairFloor: 0.75,
  /** Tokens with the same consonant skeleton ("Mohammed", "Muhammad") meet half-way between their similarity and 1. */
  sameSkeleton: 0.5,
  /** A token from an abjad (no short vowels) against a Latin one: their skeletons' similarity, times this. */
  abjadSkeleton: 0.96,
  /** Two tokens compared without their particles ("al-Qaddafi", "Qadhafi"), times this. */
  particle: 0.97,
  /** A single letter against a token it begins (an initial). */
  initial: 0.85,
  /** What the longer name's unpaired tokens cost, as a share of their weight in it. */
  unpaired: 0.2,
  /** A name matched on one word of the two or more either side has. */
  oneWord: 0.75,
  /** The names' tokens run together (a name split or joined differently: "Xi Jin Ping", "Xi Jinping"), times this. */
  joined: 0.96,
  /** Birth dates: the same day; the same year and month; the same year where the list gives only the year. */
  sameDay: 0.08,
  sameMonth: 0.05,
  sameYear: 0.03,
  /** A year apart; two years apart or more (below any sensible threshold); the same year, another day. */
  yearApart: -0.08,
  yearsApart: -0.3,
  otherDay: -0.04,
  /** Nationality: one of the listed person's; none of them. */
  sameNationality: 0.02,
  otherNationality: -0.05,
} as const;

/** Remembers token pairs' similarities over one search: candidates share most of their tokens. */
export type SimilarityMemo = Map<string, number>;

function similarity(a: NameToken, b: NameToken, memo: SimilarityMemo): number {
  if (a.text === b.text) return 1;
  const key = `${a.text}\u0000${b.text}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  let score = jaroWinkler(a.text, b.text);
  if (a.bare !== a.text || b.bare !== b.text) {
    score = Math.max(score, jaroWinkler(a.bare, b.bare) * WEIGHTS.particle);
  }
  if (a.text.length === 1 || b.text.length === 1) {
    score = a.text[0] === b.text[0] ? WEIGHTS.initial : 0;
  } else if (a.abjad !== b.abjad) {
    score = Math.max(score, jaroWinkler(a.skeleton, b.skeleton) * WEIGHTS.abjadSkeleton);
  } else if (a.skeleton === b.skeleton) {
    score += (1 - score) * WEIGHTS.sameSkeleton;
  }
  memo.set(key, score);
  return score;
}

const weight = (token: NameToken) => 0.5 + Math.min(token.text.length, 8) / 16;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** How alike two names are, 0–1, whatever their order. */
export function nameSimilarity(query: NameToken[], listed: NameToken[], memo: SimilarityMemo): number {
  if (query.length === 0 || listed.length === 0) return 0;
  const [short, long] = query.length <= listed.length ? [query, listed] : [listed, query];
  const pairs: { i: number; j: number; score: number }[] = [];
  for (let i = 0; i < short.length; i++) {
    for (let j = 0; j < long.length; j++) {
      const score = similarity(short[i], long[j], memo);
      if (score >= WEIGHTS.pairFloor) pairs.push({ i, j, score });
    }
  }
  pairs.sort((a, b) => b.score - a.score);
  const pairedShort = new Map<number, number>();
  const pairedLong = new Set<number>();
  for (const { i, j, score } of pairs) {
    if (pairedShort.has(i) || pairedLong.has(j)) continue;
    pairedShort.set(i, score);
    pairedLong.add(j);
  }
  const shortWeight = sum(short.map(weight));
  const covered = sum([...pairedShort].map(([i, score]) => score * weight(short[i]))) / shortWeight;
  const unpaired = sum(long.filter((_, j) => !pairedLong.has(j)).map(weight)) / sum(long.map(weight));
  let score = covered * (1 - WEIGHTS.unpaired * unpaired);
  if (pairedShort.size === 1 && long.length >= 2) score *= WEIGHTS.oneWord;
  if (query.length !== listed.length && short.length >= 2) score = Math.max(score, joinedSimilarity(query, listed));
  return score;
}

/** The two names run together, the listed one in its order and with its first token moved last. */
function joinedSimilarity(query: NameToken[], listed: NameToken[]): number {
  const joined = query.map((token) => token.text).join("");
  const texts = listed.map((token) => token.text);
  const orders = [texts.join(""), [...texts.slice(1), texts[0]].join("")];
  return Math.max(...orders.map((order) => jaroWinkler(joined, order))) * WEIGHTS.joined;
}

/** What the birth dates say: the best agreement of the person's date with any of the listed ones. */
export function birthDateEvidence(dateOfBirth: string | null | undefined, listed: string[]): number {
  if (!dateOfBirth || listed.length === 0) return 0;
  const year = Number(dateOfBirth.slice(0, 4));
  return Math.max(
    ...listed.map((date) => {
      const apart = Math.abs(Number(date.slice(0, 4)) - year);
      if (apart >= 2) return WEIGHTS.yearsApart;
      if (apart === 1) return WEIGHTS.yearApart;
      if (date.length === 4) return WEIGHTS.sameYear;
      if (date.length === 7) return date === dateOfBirth.slice(0, 7) ? WEIGHTS.sameMonth : WEIGHTS.otherDay;
      return date === dateOfBirth ? WEIGHTS.sameDay : WEIGHTS.otherDay;
    }),
  );
}

export function nationalityEvidence(nationality: string | null | undefined, listed: string[]): number {
  if (!nationality || listed.length === 0) return 0;
  return listed.includes(nationality.toUpperCase()) ? WEIGHTS.sameNationality : WEIGHTS.otherNationality;
}

/** A listed person as the scorer reads them: every name (primary and aliases) already tokenised. */
export type ScoredPerson = {
  names: { text: string; tokens: NameToken[] }[];
  birthDates: string[];
  nationalities: string[];
};

/** The person's score against a listed person (their best name, plus the evidence), and that name. */
export function scorePerson(
  query: { tokens: NameToken[]; dateOfBirth?: string | null; nationality?: string | null },
  listed: ScoredPerson,
  memo: SimilarityMemo,
): { score: number; matchedName: string } {
  let best = { text: listed.names[0]?.text ?? "", score: 0 };
  for (const name of listed.names) {
    const score = nameSimilarity(query.tokens, name.tokens, memo);
    if (score > best.score) best = { text: name.text, score };
  }
  const evidence =
    birthDateEvidence(query.dateOfBirth, listed.birthDates) +
    nationalityEvidence(query.nationality, listed.nationalities);
  return {
    matchedName: best.text,
    score: Math.round(Math.min(1, Math.max(0, best.score + evidence)) * 10_000) / 10_000,
  };
}
