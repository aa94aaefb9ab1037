/** The bench's reading of what the server measures of itself: its /metrics, from one scrape to the next. */
import { byThreadKind, type CpuByThread, EVENT_LOOP_RESOLUTION_MS } from "@/lib/platform/runtime/metrics";
import { type Sample, scrapeMetrics, total } from "@/tooling/metrics-scrape";

/** The server's own view of a phase, added up over its processes. */
export type ServerWindow = { eventLoopDelayP99Ms: number; rssBytes: number; cpuMs: number; cpuByThread?: CpuByThread };

export function serverMetrics(serverUrl: string, token: string, processes: number) {
  let before: Sample[] = [];
  /**
   * Ends the measurement window (since the call before) and says what the server saw in it: CPU
   * time is the counters' growth, RSS is now, and the event-loop delay is what the histograms
   * sampled since the previous scrape (each process's resets on every scrape), the mean of the
   * processes' p99s less the sampling interval that every sample includes.
   */
  return async function endWindow(): Promise<ServerWindow> {
    const { samples } = await scrapeMetrics(serverUrl, token);
    const reporting = total(samples, "server_processes_reporting");
    if (reporting < processes) throw new Error(`only ${reporting} of ${processes} server processes answered /metrics`);
    // A metric the server did not report is an error, never a 0 that would pass.
    for (const name of [
      "nodejs_eventloop_lag_p99_seconds",
      "process_resident_memory_bytes",
      "process_cpu_seconds_total",
    ])
      if (!samples.some((sample) => sample.name === name)) throw new Error(`the server's /metrics has no ${name}`);
    const growth = (name: string, labels?: Record<string, string>) =>
      total(samples, name, labels) - total(before, name, labels);
    const threadsSeen = samples.some((sample) => sample.name === "process_thread_cpu_seconds_total");
    const window: ServerWindow = {
      eventLoopDelayP99Ms: Math.max(
        0,
        Math.round((total(samples, "nodejs_eventloop_lag_p99_seconds") * 1000 - EVENT_LOOP_RESOLUTION_MS) * 100) / 100,
      ),
      rssBytes: total(samples, "process_resident_memory_bytes"),
      cpuMs: Math.round(growth("process_cpu_seconds_total") * 1000),
      cpuByThread: threadsSeen
        ? byThreadKind((thread) => Math.round(growth("process_thread_cpu_seconds_total", { thread }) * 1000))
        : undefined,
    };
    before = samples;
    return window;
  };
}
