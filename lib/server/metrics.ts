import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";

/**
 * What one server process reports about itself on GET /api/internal/metrics: how long its event
 * loop was kept from running (since start or the last reset) and its resident memory.
 */
const RESOLUTION_MS = 10;

// On globalThis: the route that reads it runs from Next's bundle, apart from the module that started it.
const GLOBAL_KEY = Symbol.for("remit-accounts.event-loop-delay");
type GlobalWithHistogram = typeof globalThis & { [GLOBAL_KEY]?: IntervalHistogram };

export function startEventLoopMonitor(): void {
  const holder = globalThis as GlobalWithHistogram;
  if (holder[GLOBAL_KEY]) return;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  holder[GLOBAL_KEY] = histogram;
}

export type ProcessMetrics = {
  pid: number;
  rss_bytes: number;
  event_loop_delay_ms: { p50: number; p99: number; max: number; samples: number };
};

export function processMetrics(): ProcessMetrics {
  startEventLoopMonitor();
  const histogram = (globalThis as GlobalWithHistogram)[GLOBAL_KEY]!;
  // Every sample includes the sampling interval itself; what is left is the delay (as @fastify/under-pressure reports it).
  const delay = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 100) / 100);
  return {
    pid: process.pid,
    rss_bytes: process.memoryUsage.rss(),
    event_loop_delay_ms: {
      p50: delay(histogram.percentile(50)),
      p99: delay(histogram.percentile(99)),
      max: delay(histogram.max),
      samples: histogram.count,
    },
  };
}

export function resetEventLoopDelay(): void {
  (globalThis as GlobalWithHistogram)[GLOBAL_KEY]?.reset();
}
