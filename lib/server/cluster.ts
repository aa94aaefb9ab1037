import cluster, { type Worker } from "node:cluster";

/**
 * Several server processes sharing one port (node:cluster). The primary forks them (each runs the
 * same script as the primary, and calls `reportReady` once it serves), restarts one that dies, and
 * stops them all on SIGTERM/SIGINT.
 */
const STABLE_AFTER_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

type ReadyMessage = { type: "server-ready"; url: string };

// Tells each worker how many processes share the machine (see serverProcesses).
const PROCESSES_ENV = "REMIT_SERVER_PROCESSES";

export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/** How many server processes share this machine's cores: 1 unless this is one of a cluster's workers. */
export function serverProcesses(): number {
  return (cluster.isWorker && Number(process.env[PROCESSES_ENV])) || 1;
}

export function reportReady(url: string): void {
  process.send?.({ type: "server-ready", url } satisfies ReadyMessage);
}

export type ClusterOptions = {
  workers: number;
  log(line: string): void;
  /** Called once, when every worker first serves. */
  onReady(url: string): void;
};

export function runCluster({ workers, log, onReady }: ClusterOptions): void {
  const running = new Map<Worker, { startedAt: number }>();
  const ready = new Set<Worker>();
  const restarts = new Set<NodeJS.Timeout>();
  let allReady = false;
  let quickCrashes = 0;
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork({ [PROCESSES_ENV]: String(workers) });
    running.set(worker, { startedAt: Date.now() });
    worker.on("message", (message: ReadyMessage) => {
      if (message?.type !== "server-ready") return;
      ready.add(worker);
      if (!allReady && ready.size === workers) {
        allReady = true;
        onReady(message.url);
      }
    });
  };

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    restarts.forEach(clearTimeout);
    if (running.size === 0) process.exit(exitCode);
    for (const worker of running.keys()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      log(`Server processes still running after ${STOP_TIMEOUT_MS / 1000} s: killing them.`);
      for (const worker of running.keys()) worker.process.kill("SIGKILL");
      process.exit(exitCode || 1);
    }, STOP_TIMEOUT_MS).unref();
  };

  cluster.on("exit", (worker, code, signal) => {
    const { startedAt } = running.get(worker) ?? { startedAt: 0 };
    running.delete(worker);
    ready.delete(worker);
    if (stopping) {
      if (running.size === 0) process.exit(exitCode);
      return;
    }
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (!allReady) {
      log(`A server process failed to start (${how}); stopping.`);
      stop(1);
      return;
    }
    // Back off while processes keep dying young, so a crash loop does not spin.
    quickCrashes = Date.now() - startedAt < STABLE_AFTER_MS ? quickCrashes + 1 : 0;
    const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** quickCrashes);
    log(`Server process ${worker.process.pid} died (${how}); starting another in ${delay / 1000} s.`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork();
    }, delay);
    restarts.add(timer);
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (!stopping) log(`${signal}: stopping ${running.size} server processes`);
      stop(0);
    });
  }
  for (let i = 0; i < workers; i++) fork();
}
