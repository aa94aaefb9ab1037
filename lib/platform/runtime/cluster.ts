/**
 * Several server processes behind one port. The primary forks them (each runs the same script as
 * the primary, and calls `takeConnectionsFromPrimary` once it can serve), listens on the port,
 * hands each new connection to the server processes in turn, restarts one that dies, and stops them
 * all on SIGTERM/SIGINT.
 *
 * The primary does the handing itself rather than through node:cluster's round-robin: that one
 * keeps a connection it is handing to a process that dies neither answered nor closed, so its
 * client hangs (nodejs/node-v0.x-archive#7928). Here a connection still queued in the primary for
 * a process that died goes to another, and one already on its way closes with that process.
 *
 * The primary also relays the metrics: a process that answers a scrape asks it for every ready
 * process's figures (`askEveryServerProcess`), and it passes on the replies that come within
 * METRICS_REPLY_TIMEOUT_MS. It keeps none itself, so it loads no metrics library.
 */
import cluster, { type Worker } from "node:cluster";
import type http from "node:http";
import net from "node:net";
import { processGlobal } from "./process-global";
import { serverUrl } from "./server-url";

const STABLE_AFTER_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

const METRICS_REPLY_TIMEOUT_MS = 2_000;

type ReadyMessage = { type: "server-ready" };
type ConnectionMessage = { type: "connection" };
/** Worker to primary: "send me every process's metrics". */
type MetricsRequest = { type: "metrics-request"; id: number };
/** Primary to each worker, and its reply. */
type MetricsCollect = { type: "metrics-collect"; id: number };
type MetricsPart = { type: "metrics-part"; id: number; metrics: unknown };
/** Primary to the worker that asked. */
type MetricsParts = { type: "metrics-parts"; id: number; parts: unknown[] };
type WorkerMessage = ReadyMessage | MetricsRequest | MetricsPart;

// Tells each worker how many processes share the machine (see serverProcesses).
const PROCESSES_ENV = "REMIT_SERVER_PROCESSES";

export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/** How many server processes share this machine's cores: 1 unless this is one of a cluster's workers. */
export function serverProcesses(): number {
  return (cluster.isWorker && Number(process.env[PROCESSES_ENV])) || 1;
}

/** In a worker: serves the connections the primary hands over with `server`, from now on. */
export function takeConnectionsFromPrimary(server: http.Server): void {
  process.on("message", (message: ConnectionMessage, socket?: net.Socket) => {
    if (message?.type !== "connection" || !socket) return;
    // As http.Server sets up the connections it accepts itself: no Nagle delay on small writes.
    socket.setNoDelay(true);
    server.emit("connection", socket);
  });
  process.send?.({ type: "server-ready" } satisfies ReadyMessage);
}

/** In a worker: answers the primary's requests for this process's metrics with `collect()`. */
export function answerWhenAsked(collect: () => Promise<unknown>): void {
  if (!cluster.isWorker) return;
  process.on("message", (message: MetricsCollect) => {
    if (message?.type !== "metrics-collect") return;
    const reply = (metrics: unknown) =>
      process.send?.({ type: "metrics-part", id: message.id, metrics } satisfies MetricsPart);
    collect().then(reply, () => reply(undefined));
  });
}

/**
 * `collect()` of every server process that is ready: in a cluster worker through the primary (a
 * process that does not answer in time is left out), else this process's alone.
 */
export async function askEveryServerProcess<T>(collect: () => Promise<T>): Promise<T[]> {
  if (!cluster.isWorker || !process.send) return [await collect()];
  const asks = processGlobal("metrics-asks", () => {
    const pending = new Map<number, (parts: T[]) => void>();
    process.on("message", (message: MetricsParts) => {
      if (message?.type !== "metrics-parts") return;
      pending.get(message.id)?.(message.parts as T[]);
      pending.delete(message.id);
    });
    return { pending, next: 0 };
  });
  const id = asks.next++;
  return new Promise<T[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      asks.pending.delete(id);
      reject(new Error("the cluster's primary did not relay the metrics"));
    }, 2 * METRICS_REPLY_TIMEOUT_MS);
    asks.pending.set(id, (parts) => {
      clearTimeout(timer);
      resolve(parts.filter((part) => part !== undefined && part !== null));
    });
    process.send!({ type: "metrics-request", id } satisfies MetricsRequest);
  });
}

export type ClusterOptions = {
  workers: number;
  port: number;
  hostname: string;
  log(line: string): void;
  /** Called once, when every worker first serves and the port is open. */
  onReady(url: string): void;
};

export function runCluster({ workers, port, hostname, log, onReady }: ClusterOptions): void {
  const running = new Map<Worker, { startedAt: number }>();
  const ready: Worker[] = [];
  // Per worker, the connections handed to it that Node's IPC has not yet written to it (it passes
  // one handle at a time, each after the worker acknowledged the one before).
  const notYetPassed = new Map<Worker, Set<net.Socket>>();
  // Connections that came while no worker was ready.
  const waiting: net.Socket[] = [];
  const restarts = new Set<NodeJS.Timeout>();
  let turn = 0;
  // Metrics requests being relayed: the replies so far, and who is still to answer.
  const collecting = new Map<number, { parts: unknown[]; waitingFor: Set<Worker>; finish(): void }>();
  let nextCollection = 0;
  let listener: net.Server | undefined;
  let quickCrashes = 0;
  let stopping = false;
  let exitCode = 0;

  const handOver = (socket: net.Socket) => {
    if (socket.destroyed) return;
    if (ready.length === 0) {
      waiting.push(socket);
      return;
    }
    const worker = ready[turn++ % ready.length];
    const queued = notYetPassed.get(worker)!;
    queued.add(socket);
    // keepOpen: this process closes its copy itself, as soon as the other is on its way. (Node would
    // keep it until the worker acknowledges receipt, and never close it should the worker die first.)
    worker.send({ type: "connection" } satisfies ConnectionMessage, socket, { keepOpen: true }, (error) => {
      if (!queued.delete(socket)) return; // handed to another worker when this one died
      if (!error) {
        socket.destroy();
        return;
      }
      markNotReady(worker);
      handOver(socket);
    });
  };

  const markNotReady = (worker: Worker) => {
    const index = ready.indexOf(worker);
    if (index >= 0) ready.splice(index, 1);
  };

  const listen = () => {
    listener = net.createServer({ pauseOnConnect: true }, handOver);
    listener.on("error", (error) => {
      if (listener?.listening) {
        log(`Accepting a connection failed: ${error.message}`); // such as EMFILE; the next may succeed
        return;
      }
      log(`Cannot listen on ${hostname}:${port}: ${error.message}`);
      stop(1);
    });
    listener.listen(port, hostname, () => onReady(serverUrl(hostname, (listener!.address() as net.AddressInfo).port)));
  };

  const fork = () => {
    const worker = cluster.fork({ [PROCESSES_ENV]: String(workers) });
    running.set(worker, { startedAt: Date.now() });
    notYetPassed.set(worker, new Set());
    worker.on("message", (message: WorkerMessage) => {
      if (message?.type === "metrics-request") return relayMetrics(worker, message.id);
      if (message?.type === "metrics-part") return metricsPart(worker, message);
      if (message?.type !== "server-ready" || ready.includes(worker)) return;
      ready.push(worker);
      if (!listener && !stopping && ready.length === workers) listen();
      waiting.splice(0).forEach(handOver);
    });
  };

  const relayMetrics = (asker: Worker, id: number) => {
    const collection = nextCollection++;
    const parts: unknown[] = [];
    const waitingFor = new Set(ready);
    const finish = () => {
      if (!collecting.delete(collection)) return;
      clearTimeout(timer);
      if (asker.isConnected()) asker.send({ type: "metrics-parts", id, parts } satisfies MetricsParts);
    };
    const timer = setTimeout(finish, METRICS_REPLY_TIMEOUT_MS);
    collecting.set(collection, { parts, waitingFor, finish });
    for (const worker of waitingFor) worker.send({ type: "metrics-collect", id: collection } satisfies MetricsCollect);
    if (waitingFor.size === 0) finish();
  };

  const metricsPart = (worker: Worker, { id, metrics }: MetricsPart) => {
    const collection = collecting.get(id);
    if (!collection?.waitingFor.delete(worker)) return;
    collection.parts.push(metrics);
    if (collection.waitingFor.size === 0) collection.finish();
  };

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of restarts) clearTimeout(timer);
    listener?.close();
    for (const socket of waiting.splice(0)) socket.destroy();
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
    markNotReady(worker);
    for (const collection of collecting.values()) {
      if (collection.waitingFor.delete(worker) && collection.waitingFor.size === 0) collection.finish();
    }
    const queued = notYetPassed.get(worker) ?? new Set();
    const stranded = [...queued];
    queued.clear();
    notYetPassed.delete(worker);
    if (stopping) {
      for (const socket of stranded) socket.destroy();
      if (running.size === 0) process.exit(exitCode);
      return;
    }
    stranded.forEach(handOver);
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (!listener) {
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
