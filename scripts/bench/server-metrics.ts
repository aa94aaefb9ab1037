/** The bench's reading of what the server processes measure of themselves (/api/internal/metrics). */
import { byThreadKind, type CpuByThread } from "@/lib/runtime/metrics";
import { metricsOfEachProcess } from "@/tooling/server-process";

/** The server's own view of a phase, from each of its processes' DELETE /api/internal/metrics. */
export type ServerWindow = { eventLoopDelayP99Ms: number; rssBytes: number; cpuMs: number; cpuByThread?: CpuByThread };

export function serverMetrics(serverUrl: string, token: string, processes: number) {
  /** Ends the measurement window of every server process and sums up what they saw in it. */
  return async function endWindow(): Promise<ServerWindow> {
    const seen = await metricsOfEachProcess(serverUrl, token, processes, "DELETE");
    if (seen.size < processes)
      throw new Error(`only ${seen.size} of ${processes} server processes answered /api/internal/metrics`);
    const windows = [...seen.values()];
    return {
      eventLoopDelayP99Ms: Math.max(...windows.map((window) => window.event_loop_delay_ms.p99)),
      rssBytes: windows.reduce((sum, window) => sum + window.rss_bytes, 0),
      cpuMs: windows.reduce((sum, window) => sum + window.cpu_ms, 0),
      cpuByThread: windows.every((window) => window.cpu_ms_by_thread)
        ? addUp(windows.map((window) => window.cpu_ms_by_thread!))
        : undefined,
    };
  };
}

function addUp(parts: CpuByThread[]): CpuByThread {
  return byThreadKind((kind) => parts.reduce((sum, part) => sum + part[kind], 0));
}
