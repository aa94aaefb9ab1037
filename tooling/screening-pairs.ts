/**
 * The scorer measured on bench/screening-pairs.json, the labelled person-name pairs: precision and
 * recall at a threshold, and the pairs it gets wrong. The bench prints them; a test holds them to the targets.
 */
import fs from "node:fs";
import path from "node:path";
import { scoredName, scorePerson, type SimilarityMemo } from "@/lib/domain/screening/score-screening-name";

export type LabelledPair = {
  query: { name: string; date_of_birth?: string; nationality?: string };
  listed: { name: string; birth_dates?: string[]; nationalities?: string[] };
  match: boolean;
  kind: string;
  source: string;
};

export const PAIRS_FILE = path.resolve(import.meta.dirname, "../bench/screening-pairs.json");

export function labelledPairs(): LabelledPair[] {
  return (JSON.parse(fs.readFileSync(PAIRS_FILE, "utf8")) as { pairs: LabelledPair[] }).pairs;
}

export type PairScore = LabelledPair & { score: number };

export function scorePairs(pairs = labelledPairs()): PairScore[] {
  const memo: SimilarityMemo = new Map();
  return pairs.map((pair) => ({
    ...pair,
    score: scorePerson(
      {
        name: scoredName(pair.query.name),
        dateOfBirth: pair.query.date_of_birth,
        nationality: pair.query.nationality,
      },
      {
        names: [scoredName(pair.listed.name)],
        birthDates: pair.listed.birth_dates ?? [],
        nationalities: pair.listed.nationalities ?? [],
      },
      memo,
    ).score,
  }));
}

export type Accuracy = {
  threshold: number;
  pairs: number;
  precision: number;
  recall: number;
  /** The pairs on the wrong side of the threshold. */
  wrong: PairScore[];
};

export function accuracyAt(threshold: number, scored = scorePairs()): Accuracy {
  const flagged = scored.filter((pair) => pair.score >= threshold);
  const truePositives = flagged.filter((pair) => pair.match).length;
  const positives = scored.filter((pair) => pair.match).length;
  return {
    threshold,
    pairs: scored.length,
    precision: flagged.length === 0 ? 1 : truePositives / flagged.length,
    recall: positives === 0 ? 1 : truePositives / positives,
    wrong: scored.filter((pair) => pair.match !== pair.score >= threshold),
  };
}
