/**
 * What one server process reports about itself on /api/internal/metrics, for the time since it
 * started or since the last call to `startNewWindow`: how long its event loop was kept from running,
 * how much CPU it used (every thread, password hashing included, and on Linux which kind of thread
 * used it), and its resident memory now.
 */
import fs from "node:fs";
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { processGlobal } from "./process-global";
import { DATABASE_THREAD_NICENESS, HASHING_THREAD_NICENESS } from "./thread-priority";

const RESOLUTION_MS = 10;

/** The kinds of thread: the event loop, the embedded database's worker, password hashing, and the rest (V8's and libuv's helpers). */
const THREAD_KINDS = ["event_loop", "database", "hashing", "other"] as const;
type ThreadKind = (typeof THREAD_KINDS)[number];
/** CPU time per kind of thread. */
export type CpuByThread = Record<ThreadKind, number>;

/** A CpuByThread with `value(kind)` for each kind. */
export function byThreadKind(value: (kind: ThreadKind) => number): CpuByThread {
  return Object.fromEntries(THREAD_KINDS.map((kind) => [kind, value(kind)])) as CpuByThread;
}
type ThreadCpu = Map<string, { kind: ThreadKind; ms: number }>;

type Window = { histogram: IntervalHistogram; cpuAtStart: NodeJS.CpuUsage; threadsAtStart: ThreadCpu | undefined };

// The route that reads it runs from Next's bundle, apart from the module that started it.
function currentWindow(): Window {
  return processGlobal("process-metrics", () => {
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
    return { histogram, cpuAtStart: process.cpuUsage(), threadsAtStart: threadCpu() };
  });
}

export function startEventLoopMonitor(): void {
  currentWindow();
}

export type ProcessMetrics = {
  pid: number;
  rss_bytes: number;
  cpu_ms: number;
  /** Absent where /proc/self/task cannot be read (not Linux). */
  cpu_ms_by_thread?: CpuByThread;
  event_loop_delay_ms: { p50: number; p99: number; max: number; samples: number };
};

export function processMetrics(): ProcessMetrics {
  const { histogram, cpuAtStart, threadsAtStart } = currentWindow();
  const cpu = process.cpuUsage(cpuAtStart);
  // Every sample includes the sampling interval itself; what is left is the delay (as @fastify/under-pressure reports it).
  const delay = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 100) / 100);
  return {
    pid: process.pid,
    rss_bytes: process.memoryUsage.rss(),
    cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    cpu_ms_by_thread: threadsAtStart && cpuByThreadSince(threadsAtStart),
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
  window.threadsAtStart = threadCpu();
}

function cpuByThreadSince(start: ThreadCpu): CpuByThread | undefined {
  const now = threadCpu();
  if (!now) return undefined;
  const used = byThreadKind(() => 0);
  // A thread that ended during the window is missing here, and so is what it used.
  for (const [tid, { kind, ms }] of now) used[kind] += ms - (start.get(tid)?.ms ?? 0);
  return used;
}

const KIND_BY_NICENESS = new Map<number, ThreadKind>([
  [DATABASE_THREAD_NICENESS, "database"],
  [HASHING_THREAD_NICENESS, "hashing"],
]);

// /proc counts CPU time in clock ticks, 100 a second on Linux.
const MS_PER_TICK = 10;

/** Each thread's CPU time so far, and its kind: the main thread runs the event loop; workers are known by their niceness. */
function threadCpu(): ThreadCpu | undefined {
  let tids: string[];
  try {
    tids = fs.readdirSync("/proc/self/task");
  } catch {
    return undefined;
  }
  const threads: ThreadCpu = new Map();
  for (const tid of tids) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    } catch {
      continue; // the thread ended meanwhile
    }
    // After the command name in brackets: utime and stime are the 12th and 13th fields, nice the 17th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const kind = Number(tid) === process.pid ? "event_loop" : (KIND_BY_NICENESS.get(Number(fields[16])) ?? "other");
    threads.set(tid, { kind, ms: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK });
  }
  return threads;
}
