/**
 * A phase is measured in short slices taken in turn with the phases it is compared with, round
 * after round: whatever else the machine is doing weighs on both sides of each comparison alike, and
 * the median over the rounds drops the rounds a burst of other work disturbed.
 */
import { byThreadKind, type CpuByThread } from "@/lib/platform/runtime/metrics";
import { responses, unexpectedResponses, type LoadResult } from "./load";

export type Slice = { load: LoadResult; cpuMs: number; cpuByThread?: CpuByThread; eventLoopDelayP99Ms: number };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median over rounds of numerator / denominator, each pair measured side by side. */
export function medianRatio(numerators: number[], denominators: number[]): number {
  return median(numerators.map((value, round) => value / denominators[round]));
}

export type Summary = {
  requestsPerSec: number;
  /** Medians over the slices. */
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  errors: number;
  unexpected: number;
};

export function summarize(slices: Slice[], expectedStatus: number): Summary {
  const total = (value: (slice: Slice) => number) => slices.reduce((sum, slice) => sum + value(slice), 0);
  const requests = total((slice) => responses(slice.load));
  return {
    requestsPerSec: requests / total((slice) => slice.load.durationSec),
    p50: median(slices.map((slice) => slice.load.p50)),
    p99: median(slices.map((slice) => slice.load.p99)),
    cpuMsPerRequest: total((slice) => slice.cpuMs) / requests,
    errors: total((slice) => slice.load.errors),
    unexpected: total((slice) => unexpectedResponses(slice.load, expectedStatus)),
  };
}

export const requestRates = (slices: Slice[]) => slices.map((slice) => slice.load.requestsPerSec);

/**
 * The `quantile` of every answer's time over all `slices` (which must have kept them). A 2 s slice
 * of the 100 requests/s probe has 200 answers, so its own p99 is its second-slowest; over five
 * rounds the p99 is the tenth-slowest of 1,000.
 */
export function pooledPercentile(slices: Slice[], quantile: number): number {
  const latencies = slices.flatMap((slice) => slice.load.latenciesMs ?? []).sort((a, b) => a - b);
  if (latencies.length === 0) throw new Error("no answer times were kept for these slices");
  return latencies[Math.max(0, Math.ceil(quantile * latencies.length) - 1)];
}

/**
 * Where the machine's time per request went over `slices`, in ms: the server's threads by kind, the
 * load generator, and the rest of the machine (`cores` × the time, less those: the database server's
 * processes, anything else running, and idle time). Undefined where the server could not tell its
 * threads apart.
 */
export function cpuSplitPerRequest(slices: Slice[], cores: number) {
  if (slices.some((slice) => !slice.cpuByThread)) return undefined;
  const total = (value: (slice: Slice) => number) => slices.reduce((sum, slice) => sum + value(slice), 0);
  const requests = total((slice) => responses(slice.load));
  const perRequest = (value: (slice: Slice) => number) => total(value) / requests;
  const server = byThreadKind((kind) => perRequest((slice) => slice.cpuByThread![kind]));
  const loadGenerator = perRequest((slice) => slice.load.cpuMs);
  const machine = perRequest((slice) => slice.load.durationSec * 1000 * cores);
  const rest = machine - loadGenerator - Object.values(server).reduce((sum, value) => sum + value, 0);
  return { server, loadGenerator, rest, machine };
}
