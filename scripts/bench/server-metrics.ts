import http from "node:http";
import type { ProcessMetrics } from "@/lib/server/metrics";

/**
 * The server's own view of a phase, from GET/DELETE /api/internal/metrics. Each process of a
 * cluster answers for itself, so every request opens a new connection (the cluster hands new
 * connections to its processes in turn) until each process has answered.
 */
export type ServerWindow = { eventLoopDelayP99Ms: number; rssBytes: number; cpuMs: number };

export function serverMetrics(serverUrl: string, token: string, processes: number) {
  const endProcessWindow = () =>
    new Promise<ProcessMetrics>((resolve, reject) => {
      const request = http.request(
        `${serverUrl}/api/internal/metrics`,
        { method: "DELETE", agent: false, headers: { Authorization: `Bearer ${token}` } },
        (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () =>
            response.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`metrics endpoint: ${response.statusCode} ${body}`)),
          );
        },
      );
      request.on("error", reject);
      request.end();
    });

  /** Ends the measurement window of every server process and sums up what they saw in it. */
  return async function endWindow(): Promise<ServerWindow> {
    const seen = new Map<number, ProcessMetrics>();
    for (let attempt = 0; seen.size < processes; attempt++) {
      if (attempt === processes * 20) throw new Error(`only ${seen.size} of ${processes} server processes answered /api/internal/metrics`);
      const metrics = await endProcessWindow();
      if (!seen.has(metrics.pid)) seen.set(metrics.pid, metrics);
    }
    const windows = [...seen.values()];
    return {
      eventLoopDelayP99Ms: Math.max(...windows.map((window) => window.event_loop_delay_ms.p99)),
      rssBytes: windows.reduce((sum, window) => sum + window.rss_bytes, 0),
      cpuMs: windows.reduce((sum, window) => sum + window.cpu_ms, 0),
    };
  };
}
