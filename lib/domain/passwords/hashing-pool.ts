/**
 * The threads that hash and check passwords (argon2id, and bcrypt from the previous system): one
 * per core, shared out among the machine's server processes, so logins that pile up hash no more
 * at once than there are cores; and on Linux at a lower CPU priority than the event loop, so while
 * they do, every other request (and the event loop's own part of each login) still gets the CPU it
 * needs at once. A thread starts with the first job that needs it and ends once it has had none for
 * HASHING_THREAD_IDLE_MS: an idle server holds no thread's isolate nor argon2's memory.
 */
import { availableParallelism } from "node:os";
import { config } from "@/lib/platform/config";
import { serverProcesses } from "@/lib/platform/runtime/cluster";
import { inSpan } from "@/lib/platform/runtime/tracing";
import { WorkerCalls } from "@/lib/platform/runtime/worker-calls";
import type { HashingErrorReply, HashingProtocol } from "./hashing-protocol";

type HashingWorker = WorkerCalls<HashingProtocol, HashingErrorReply>;

const IDLE = new Error("Password hashing: the thread ended after it had been idle");

class HashingPool {
  private readonly workers: HashingWorker[] = [];
  private readonly idleTimers = new Map<HashingWorker, NodeJS.Timeout>();

  constructor(private readonly size: number) {}

  /** How many threads run now. */
  get threads(): number {
    return this.workers.length;
  }

  /** Each worker takes its jobs one after the other, so at most `size` run at once. */
  run<M extends keyof HashingProtocol>(
    method: M,
    ...args: Parameters<HashingProtocol[M]>
  ): Promise<ReturnType<HashingProtocol[M]>> {
    // A span on this thread (the hashing itself runs on a worker's): its time includes the wait for a free thread.
    return inSpan(`password.${method}`, {}, () => {
      const worker = this.leastBusy();
      clearTimeout(this.idleTimers.get(worker));
      return worker.call(method, ...args).finally(() => this.endWhenIdle(worker));
    });
  }

  /** An idle thread if there is one, else a new one while there are fewer than `size`, else the least busy. */
  private leastBusy(): HashingWorker {
    const idle = this.workers.find((worker) => worker.waiting === 0);
    if (idle) return idle;
    if (this.workers.length < this.size) {
      const worker: HashingWorker = new WorkerCalls("hashing", {
        name: "Password hashing",
        toError: (error) => new Error(error),
        // A new worker takes the place of one that failed or ended, at the next job.
        onStop: () => {
          clearTimeout(this.idleTimers.get(worker));
          this.idleTimers.delete(worker);
          const index = this.workers.indexOf(worker);
          if (index >= 0) this.workers.splice(index, 1);
        },
      });
      this.workers.push(worker);
    }
    return this.workers.reduce((best, worker) => (worker.waiting < best.waiting ? worker : best));
  }

  private endWhenIdle(worker: HashingWorker): void {
    if (worker.waiting > 0 || worker.isStopped) return;
    clearTimeout(this.idleTimers.get(worker));
    const timer = setTimeout(() => {
      if (worker.waiting === 0) void worker.terminate(IDLE);
    }, config().HASHING_THREAD_IDLE_MS);
    timer.unref();
    this.idleTimers.set(worker, timer);
  }
}

let pool: HashingPool | undefined;
export function hashingPool(): HashingPool {
  pool ??= new HashingPool(Math.max(1, Math.floor(availableParallelism() / serverProcesses())));
  return pool;
}
