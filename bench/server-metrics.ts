/** The bench's reading of what the server measures of itself: its /metrics, from one scrape to the next. */
import fs from "node:fs";
import { byThreadKind, type CpuByThread, EVENT_LOOP_RESOLUTION_MS } from "@/lib/platform/runtime/metrics";
import { type Sample, scrapeMetrics, total } from "@/tooling/metrics-scrape";

/** The server's own view of a phase, added up over its processes. */
export type ServerWindow = { eventLoopDelayP99Ms: number; rssBytes: number; cpuMs: number; cpuByThread?: CpuByThread };

// /proc counts CPU time in clock ticks, 100 a second on Linux.
const MS_PER_TICK = 10;

/** The CPU time (every thread) a process used so far, in ms, from /proc; 0 where it cannot be read. */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command name in brackets: utime and stime are the 12th and 13th fields.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

/**
 * `primaryPid`: a cluster's primary, which reports no metrics of its own (it hands the connections
 * over and relays the scrapes); its CPU is read from /proc and counted with the other threads'.
 */
export function serverMetrics(serverUrl: string, token: string, processes: number, primaryPid?: number) {
  let before: Sample[] = [];
  let primaryBefore = primaryPid ? processCpuMs(primaryPid) : 0;
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
    const primaryNow = primaryPid ? processCpuMs(primaryPid) : 0;
    const primaryMs = primaryNow - primaryBefore;
    primaryBefore = primaryNow;
    const window: ServerWindow = {
      eventLoopDelayP99Ms: Math.max(
        0,
        Math.round((total(samples, "nodejs_eventloop_lag_p99_seconds") * 1000 - EVENT_LOOP_RESOLUTION_MS) * 100) / 100,
      ),
      rssBytes: total(samples, "process_resident_memory_bytes"),
      cpuMs: Math.round(growth("process_cpu_seconds_total") * 1000) + primaryMs,
      cpuByThread: threadsSeen
        ? byThreadKind(
            (thread) =>
              Math.round(growth("process_thread_cpu_seconds_total", { thread }) * 1000) +
              (thread === "other" ? primaryMs : 0),
          )
        : undefined,
    };
    before = samples;
    return window;
  };
}
