/** The bench's arithmetic over its slices (bench/slices.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { pooledPercentile, type Slice } from "@/bench/slices";

test("the bench's probe p99 is taken over every answer of every round", () => {
  const slice = (latenciesMs?: number[]): Slice => ({
    load: { durationSec: 2, cpuMs: 0, requestsPerSec: 0, p50: 0, p99: 0, errors: 0, statusCounts: {}, latenciesMs },
    cpuMs: 0,
    eventLoopDelayP99Ms: 0,
  });
  // 200 answers: 1..100 ms in one round and 101..200 ms in the next; the p99 is the 198th.
  const rounds = [
    slice(Array.from({ length: 100 }, (_, i) => 100 - i)),
    slice(Array.from({ length: 100 }, (_, i) => 101 + i)),
  ];
  assert.equal(pooledPercentile(rounds, 0.99), 198);
  assert.equal(pooledPercentile(rounds, 0.5), 100);
  assert.equal(pooledPercentile([slice([7])], 0.99), 7);
  assert.throws(() => pooledPercentile([slice()], 0.99), /no answer times/);
});
