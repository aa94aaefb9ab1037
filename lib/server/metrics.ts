import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { processGlobal } from "@/lib/process-global";

/**
 * What one server process reports about itself on /api/internal/metrics, for the time since it
 * started or since the last call to `startNewWindow`: how long its event loop was kept from running,
 * how much CPU it used (every thread, password hashing included), and its resident memory now.
 */
const RESOLUTION_MS = 10;

type Window = { histogram: IntervalHistogram; cpuAtStart: NodeJS.CpuUsage };

// The route that reads it runs from Next's bundle, apart from the module that started it.
function currentWindow(): Window {
  return processGlobal("process-metrics", () => {
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
    return { histogram, cpuAtStart: process.cpuUsage() };
  });
}

export function startEventLoopMonitor(): void {
  currentWindow();
}

export type ProcessMetrics = {
  pid: number;
  rss_bytes: number;
  cpu_ms: number;
  event_loop_delay_ms: { p50: number; p99: number; max: number; samples: number };
};

export function processMetrics(): ProcessMetrics {
  const { histogram, cpuAtStart } = currentWindow();
  const cpu = process.cpuUsage(cpuAtStart);
  // Every sample includes the sampling interval itself; what is left is the delay (as @fastify/under-pressure reports it).
  const delay = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 100) / 100);
  return {
    pid: process.pid,
    rss_bytes: process.memoryUsage.rss(),
    cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    event_loop_delay_ms: {
      p50: delay(histogram.percentile(50)),
      p99: delay(histogram.percentile(99)),
      max: delay(histogram.max),
      samples: histogram.count,
    },
  };
}

export function startNewWindow(): void {
  const window = currentWindow();
  window.histogram.reset();
  window.cpuAtStart = process.cpuUsage();
}
