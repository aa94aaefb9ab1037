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
import { type NameToken, nameTokens } from "./screening-names";

/** The weights, named so that docs/compliance.md and the bench can show them. */
export const WEIGHTS = {
  /** A pair of tokens below this Jaro-Winkler similarity is not a pair. */
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

/** Remembers token pairs' similarities over one search (first token's text, then the other's): candidates share most of their tokens. */
export type SimilarityMemo = Map<string, Map<string, number>>;

/** The memo of one token's similarities, made on first use. */
function memoOf(text: string, memo: SimilarityMemo): Map<string, number> {
  let known = memo.get(text);
  if (known === undefined) {
    known = new Map();
    memo.set(text, known);
  }
  return known;
}

/** `a`'s similarity to `b`, `known` being `a`'s memo. */
function similarity(a: NameToken, b: NameToken, known: Map<string, number>): number {
  if (a.text === b.text) return 1;
  const remembered = known.get(b.text);
  if (remembered !== undefined) return remembered;
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
  known.set(b.text, score);
  return score;
}

/** Two names run together, compared whole: remembered under the first with a space before it, which no token holds. */
function joinedSimilarity(joined: string, listed: string, memo: SimilarityMemo): number {
  const known = memoOf(` ${joined}`, memo);
  let score = known.get(listed);
  if (score === undefined) {
    score = jaroWinkler(joined, listed);
    known.set(listed, score);
  }
  return score;
}

const weight = (token: NameToken) => 0.5 + Math.min(token.text.length, 8) / 16;

/** A name as the scorer reads it: its tokens, and them run together in its order and with its first token moved last. */
export type ScoredName = { text: string; tokens: NameToken[]; runTogether: readonly [string, string] };

export function scoredName(text: string): ScoredName {
  const tokens = nameTokens(text);
  const texts = tokens.map((token) => token.text);
  return { text, tokens, runTogether: [texts.join(""), [...texts.slice(1), texts[0]].join("")] };
}

// The pairs' similarities and which tokens are paired, for one comparison at a time: kept between calls.
let pairScores = new Float64Array(64);
let pairedShort = new Uint8Array(16);
let pairedLong = new Uint8Array(16);

/** How alike two names are, 0–1, whatever their order. */
export function nameSimilarity(query: ScoredName, listed: ScoredName, memo: SimilarityMemo): number {
  const queryShorter = query.tokens.length <= listed.tokens.length;
  const short = queryShorter ? query.tokens : listed.tokens;
  const long = queryShorter ? listed.tokens : query.tokens;
  if (short.length === 0) return 0;
  if (short.length * long.length > pairScores.length) pairScores = new Float64Array(short.length * long.length * 2);
  if (long.length > pairedLong.length) {
    pairedShort = new Uint8Array(long.length * 2);
    pairedLong = new Uint8Array(long.length * 2);
  }
  for (let i = 0; i < short.length; i++) {
    const known = memoOf(short[i].text, memo);
    for (let j = 0; j < long.length; j++) pairScores[i * long.length + j] = similarity(short[i], long[j], known);
  }
  pairedShort.fill(0, 0, short.length);
  pairedLong.fill(0, 0, long.length);
  // Greedy, best pairs first (of equal pairs, the first in the shorter name's order): each round
  // takes the best pair of two tokens both still free.
  let covered = 0;
  let pairs = 0;
  for (;;) {
    let best = -1;
    let bestI = 0;
    let bestJ = 0;
    for (let i = 0; i < short.length; i++) {
      if (pairedShort[i]) continue;
      for (let j = 0; j < long.length; j++) {
        const score = pairScores[i * long.length + j];
        if (!pairedLong[j] && score >= WEIGHTS.pairFloor && score > best) {
          best = score;
          bestI = i;
          bestJ = j;
        }
      }
    }
    if (best < 0) break;
    pairedShort[bestI] = 1;
    pairedLong[bestJ] = 1;
    covered += best * weight(short[bestI]);
    pairs++;
  }
  let shortWeight = 0;
  for (const token of short) shortWeight += weight(token);
  let unpairedWeight = 0;
  let longWeight = 0;
  for (let j = 0; j < long.length; j++) {
    if (!pairedLong[j]) unpairedWeight += weight(long[j]);
    longWeight += weight(long[j]);
  }
  let score = (covered / shortWeight) * (1 - WEIGHTS.unpaired * (unpairedWeight / longWeight));
  if (pairs === 1 && long.length >= 2) score *= WEIGHTS.oneWord;
  if (query.tokens.length !== listed.tokens.length && short.length >= 2) {
    // Names split or joined differently: the two run together, the listed one in either order.
    const [inOrder, rotated] = listed.runTogether;
    const joined = query.runTogether[0];
    score = Math.max(
      score,
      Math.max(joinedSimilarity(joined, inOrder, memo), joinedSimilarity(joined, rotated, memo)) * WEIGHTS.joined,
    );
  }
  return score;
}

/** A date's year, read without a string made (it is read for every candidate of every search). */
function yearOf(date: string): number {
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const digit = date.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return Number(date.slice(0, 4));
    year = year * 10 + digit;
  }
  return year;
}

/** What the birth dates say: the best agreement of the person's date with any of the listed ones. */
export function birthDateEvidence(dateOfBirth: string | null | undefined, listed: string[]): number {
  if (!dateOfBirth || listed.length === 0) return 0;
  const year = yearOf(dateOfBirth);
  let best = Number.NEGATIVE_INFINITY;
  for (const date of listed) {
    const apart = Math.abs(yearOf(date) - year);
    let evidence: number;
    if (apart >= 2) evidence = WEIGHTS.yearsApart;
    else if (apart === 1) evidence = WEIGHTS.yearApart;
    else if (date.length === 4) evidence = WEIGHTS.sameYear;
    else if (date.length === 7) evidence = date === dateOfBirth.slice(0, 7) ? WEIGHTS.sameMonth : WEIGHTS.otherDay;
    else evidence = date === dateOfBirth ? WEIGHTS.sameDay : WEIGHTS.otherDay;
    best = Math.max(best, evidence);
  }
  return best;
}

export function nationalityEvidence(nationality: string | null | undefined, listed: string[]): number {
  if (!nationality || listed.length === 0) return 0;
  return listed.includes(nationality.toUpperCase()) ? WEIGHTS.sameNationality : WEIGHTS.otherNationality;
}

/** A listed person as the scorer reads them: every name (primary and aliases) already read. */
export type ScoredPerson = {
  names: ScoredName[];
  birthDates: string[];
  nationalities: string[];
};

export type ScoredQuery = { name: ScoredName; dateOfBirth?: string | null; nationality?: string | null };

/** What the birth dates and nationalities add to (or take from) the names' score. */
export function personEvidence(query: ScoredQuery, listed: ScoredPerson): number {
  return (
    birthDateEvidence(query.dateOfBirth, listed.birthDates) +
    nationalityEvidence(query.nationality, listed.nationalities)
  );
}

/** A score as answered: within 0–1, to four places. */
export const roundedScore = (score: number) => Math.round(Math.min(1, Math.max(0, score)) * 10_000) / 10_000;

/** The person's score against a listed person (their best name, plus the evidence), and that name. */
export function scorePerson(
  query: ScoredQuery,
  listed: ScoredPerson,
  memo: SimilarityMemo,
  evidence = personEvidence(query, listed),
): { score: number; matchedName: string } {
  let matchedName = listed.names[0]?.text ?? "";
  let best = 0;
  for (const name of listed.names) {
    const score = nameSimilarity(query.name, name, memo);
    if (score > best) {
      best = score;
      matchedName = name.text;
      // No name scores above 1.
      if (best >= 1) break;
    }
  }
  return { matchedName, score: roundedScore(best + evidence) };
}
