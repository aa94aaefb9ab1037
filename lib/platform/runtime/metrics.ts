/**
 * What the server tells its operators, in Prometheus' text format on GET /metrics (prom-client):
 * Node's and the process's default metrics, the CPU of each kind of thread (on Linux), request
 * durations by route template and status class, login outcomes, rate-limited attempts and cache
 * version polls. Each server process counts its own; in a cluster the process that answers a scrape
 * gathers every process's figures through the primary (lib/platform/runtime/cluster.ts) and adds them up, so
 * a scrape sees the instance whichever process it reaches. Figures about the instance as a whole
 * (the e-mail outbox, read from the database at scrape time) are the caller's, given to `metricsText`.
 */
import fs from "node:fs";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { askEveryServerProcess, answerWhenAsked } from "./cluster";
import { processGlobal } from "./process-global";
import { DATABASE_THREAD_NICENESS_STEP, HASHING_THREAD_NICENESS_STEP, workerThreadNiceness } from "./thread-priority";

/** The event-loop delay histogram's sampling interval: every sample includes it. */
export const EVENT_LOOP_RESOLUTION_MS = 10;

/** The kinds of thread: the event loop, the embedded database's worker, password hashing, and the rest (V8's and libuv's helpers). */
const THREAD_KINDS = ["event_loop", "database", "hashing", "other"] as const;
type ThreadKind = (typeof THREAD_KINDS)[number];
/** CPU time per kind of thread. */
export type CpuByThread = Record<ThreadKind, number>;

/** A CpuByThread with `value(kind)` for each kind. */
export function byThreadKind(value: (kind: ThreadKind) => number): CpuByThread {
  return Object.fromEntries(THREAD_KINDS.map((kind) => [kind, value(kind)])) as CpuByThread;
}

/** How a login attempt ended: logged in, wrong e-mail or password, a blocked account, refused by a rate limit, or the right password waiting for its second factor. */
export const LOGIN_OUTCOMES = ["success", "failure", "blocked", "rate_limited", "mfa_required"] as const;
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];

/** Seconds; from a cached reference read (about a millisecond) to a slow hash under load. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });
  const threads = threadCpuTotals();
  new Counter({
    name: "process_thread_cpu_seconds_total",
    help: "CPU time of this process's threads by kind: event loop, embedded database, password hashing, other (Linux only).",
    labelNames: ["thread"],
    registers: [registry],
    collect() {
      const totals = threads();
      if (!totals) return;
      this.reset();
      for (const kind of THREAD_KINDS) this.inc({ thread: kind }, totals[kind] / 1000);
    },
  });
  new Gauge({
    name: "server_process_info",
    help: "1 for each server process a scrape adds up, labelled by its pid.",
    labelNames: ["pid"],
    registers: [registry],
  }).set({ pid: String(process.pid) }, 1);
  const metrics = {
    registry,
    threads,
    requests: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its response, by route template and status class.",
      labelNames: ["route", "status_class"],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    logins: new Counter({
      name: "login_attempts_total",
      help: "Customer login attempts by outcome.",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: "rate_limited_attempts_total",
      help: "Attempts refused by a rate limit, by the limit that refused them.",
      labelNames: ["limit"],
      registers: [registry],
    }),
    webhookAttempts: new Counter({
      name: "webhook_delivery_attempts_total",
      help: "Webhook delivery attempts by outcome: success (a 2xx), http_error, timeout, connection_error, refused_target, secret_unopenable.",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    cachePolls: new Counter({
      name: "cache_version_polls_total",
      help: "Reads of the cache versions from the database (how this process learns of changes made elsewhere).",
      registers: [registry],
    }),
  };
  for (const outcome of LOGIN_OUTCOMES) metrics.logins.inc({ outcome }, 0);
  answerWhenAsked(exposed);
  return metrics;
}

/**
 * Gauges of prom-client's defaults that promtool rejects for their `_total` suffix; each is the sum
 * of its labelled sibling (nodejs_active_handles{type} and so on), which stays.
 */
const NOT_EXPOSED = new Set([
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
]);

/** This process's metrics, as the process that answers a scrape adds them up. */
async function exposed() {
  return (await metrics().registry.getMetricsAsJSON()).filter((metric) => !NOT_EXPOSED.has(metric.name));
}

// The server module that records requests and the routes in Next's bundle share one set.
const metrics = () => processGlobal("metrics", createMetrics);

/** Starts the default metrics' clocks (the event-loop delay histogram) when the server starts. */
export function startMetrics(): void {
  metrics();
}

export function recordRequest(route: string, status: number, seconds: number): void {
  metrics().requests.observe({ route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
}

export function countLogin(outcome: LoginOutcome): void {
  metrics().logins.inc({ outcome });
}

export function countRateLimited(limit: string): void {
  metrics().rateLimited.inc({ limit });
}

export function countWebhookAttempt(outcome: string): void {
  metrics().webhookAttempts.inc({ outcome });
}

export function countCachePoll(): void {
  metrics().cachePolls.inc();
}

/** What is measured of the instance as a whole rather than of a process. */
export type InstanceFigures = {
  outboxPending: number;
  outboxOldestPendingAgeSeconds: number;
  /** Webhook deliveries by status (pending, delivered, failed). */
  webhookDeliveries: Record<string, number>;
  webhookOldestPendingAgeSeconds: number;
  /** The position in the audit chain of the last signed checkpoint; 0 before the first. */
  auditCheckpointPosition: number;
  /** E-mails and webhooks held back until an operator resumes (a restored copy). */
  dispatchPaused: boolean;
  /** The latest re-screen against the lists (lib/domain/screening/measure-screening.ts), and the possible matches open. */
  screening: { runRunning: boolean; runTotal: number; runScreened: number; openMatches: number };
};

export const METRICS_CONTENT_TYPE = new Registry().contentType;

/** The exposition: every server process's metrics added up, then the instance's. */
export async function metricsText(instance: InstanceFigures): Promise<string> {
  const parts = await askEveryServerProcess(exposed);
  const instanceRegistry = new Registry();
  const gauge = (name: string, help: string, value: number) =>
    new Gauge({ name, help, registers: [instanceRegistry] }).set(value);
  gauge("email_outbox_pending", "E-mails waiting in the outbox to be sent (retries included).", instance.outboxPending);
  gauge(
    "email_outbox_oldest_pending_age_seconds",
    "Age of the oldest e-mail waiting in the outbox; 0 when none waits.",
    instance.outboxOldestPendingAgeSeconds,
  );
  const deliveries = new Gauge({
    name: "webhook_deliveries",
    help: "Webhook deliveries kept, by status: pending (retries included), delivered, failed.",
    labelNames: ["status"],
    registers: [instanceRegistry],
  });
  for (const [status, count] of Object.entries(instance.webhookDeliveries)) deliveries.set({ status }, count);
  gauge(
    "webhook_deliveries_oldest_pending_age_seconds",
    "Age of the oldest webhook delivery waiting to be delivered; 0 when none waits.",
    instance.webhookOldestPendingAgeSeconds,
  );
  gauge(
    "audit_checkpoint_position",
    "Position in the audit chain of the last signed checkpoint (0 before the first). It only grows: a fall means checkpoints were deleted.",
    instance.auditCheckpointPosition,
  );
  gauge(
    "dispatch_paused",
    "1 while e-mail and webhook dispatch is paused (a restored copy, until npm run -s cli -- dispatch resume); 0 otherwise.",
    instance.dispatchPaused ? 1 : 0,
  );
  gauge(
    "screening_run_running",
    "1 while a re-screen of every customer against the lists is under way; 0 otherwise.",
    instance.screening.runRunning ? 1 : 0,
  );
  gauge("screening_run_customers", "Customers the latest re-screen covers.", instance.screening.runTotal);
  gauge(
    "screening_run_customers_screened",
    "Customers the latest re-screen has screened so far.",
    instance.screening.runScreened,
  );
  gauge(
    "screening_matches_open",
    "Possible screening matches waiting for compliance's decision.",
    instance.screening.openMatches,
  );
  gauge("server_processes_reporting", "Server processes whose figures this scrape adds up.", parts.length);
  const merged = AggregatorRegistry.aggregate(parts as Awaited<ReturnType<Registry["getMetricsAsJSON"]>>[]);
  return `${await merged.metrics()}\n${await instanceRegistry.metrics()}`;
}

/** This process's CPU time so far by kind of thread, in ms (undefined where /proc cannot be read). */
export function cpuByThreadSoFar(): CpuByThread | undefined {
  return metrics().threads();
}

type ThreadCpu = Map<string, { kind: ThreadKind; ms: number }>;

/**
 * A function that returns the CPU time of each kind of thread since it was made, in ms, counting
 * what each thread used since the call before: a thread that ended between two calls loses only
 * what it used after the first, and the totals never go down.
 */
function threadCpuTotals(): () => CpuByThread | undefined {
  let seen = threadCpu();
  const totals = byThreadKind(() => 0);
  return () => {
    const now = threadCpu();
    if (!now || !seen) return undefined;
    for (const [tid, { kind, ms }] of now) totals[kind] += ms - (seen.get(tid)?.ms ?? 0);
    seen = now;
    return { ...totals };
  };
}

/** Worker threads by their niceness, relative to the process's (read when asked: the process may be reniced). */
function kindByNiceness(): Map<number, ThreadKind> {
  return new Map<number, ThreadKind>([
    [workerThreadNiceness(HASHING_THREAD_NICENESS_STEP), "hashing"],
    // Should both be at the lowest priority, they are counted as the database's.
    [workerThreadNiceness(DATABASE_THREAD_NICENESS_STEP), "database"],
  ]);
}

// /proc/…/stat counts CPU time in clock ticks, 100 a second on Linux; schedstat in nanoseconds.
const MS_PER_TICK = 10;

/**
 * Whether the kernel keeps each thread's CPU time in ns (schedstat), decided once: a thread's
 * readings are then all in ns, or all in stat's ticks. In 10 ms ticks, a verification of some 8 ms
 * reads as 0 or 10, and calls measured one after another can take the ticks in turn: a test's eight
 * unknown-address logins read 20 ms against 80 for eight wrong passwords, the same work.
 */
const SCHEDSTAT = fs.existsSync("/proc/self/schedstat");

/** A thread's CPU time in ms, undefined when it ended meanwhile. */
function threadCpuMs(tid: string, statFields: string[]): number | undefined {
  if (!SCHEDSTAT) return (Number(statFields[11]) + Number(statFields[12])) * MS_PER_TICK;
  try {
    return Number(fs.readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** Each thread's CPU time so far, and its kind: the main thread runs the event loop; workers are known by their niceness. */
function threadCpu(): ThreadCpu | undefined {
  let tids: string[];
  try {
    tids = fs.readdirSync("/proc/self/task");
  } catch {
    return undefined;
  }
  const threads: ThreadCpu = new Map();
  const kinds = kindByNiceness();
  for (const tid of tids) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    } catch {
      continue; // the thread ended meanwhile
    }
    // After the command name in brackets: utime and stime are the 12th and 13th fields, nice the 17th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const kind = Number(tid) === process.pid ? "event_loop" : (kinds.get(Number(fields[16])) ?? "other");
    const ms = threadCpuMs(tid, fields);
    if (ms !== undefined) threads.set(tid, { kind, ms });
  }
  return threads;
}
