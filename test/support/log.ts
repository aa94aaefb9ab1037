/** What the server's logger (lib/platform/runtime/log.ts) is asked to write, captured in this process for a test. */
import { mock } from "node:test";
import { log } from "@/lib/platform/runtime/log";

export type LogLine = { level: string; msg: string; fields: Record<string, unknown> };

/** Captures the lines at `levels` (whatever LOG_LEVEL says) until `restore()`; request lines carry `route`. */
export function captureLog(levels: ("error" | "warn" | "info" | "debug")[] = ["error", "warn", "info"]) {
  const lines: LogLine[] = [];
  const spies = levels.map((level) =>
    mock.method(log(), level, (first: unknown, second?: unknown) => {
      const fields = typeof first === "object" && first !== null ? (first as Record<string, unknown>) : {};
      lines.push({ level, msg: typeof first === "string" ? first : String(second ?? ""), fields });
    }),
  );
  return {
    lines,
    /** The lines that are not a request's. */
    events: () => lines.filter((line) => !("route" in line.fields)),
    restore: () => {
      for (const spy of spies) spy.mock.restore();
    },
  };
}
