/**
 * The threads that hash and check passwords (argon2id, and bcrypt from the previous system): one
 * per core, shared out among the machine's server processes, so logins that pile up hash no more
 * at once than there are cores; and on Linux at a lower CPU priority than the event loop, so while
 * they do, every other request (and the event loop's own part of each login) still gets the CPU it
 * needs at once.
 */
import { availableParallelism } from "node:os";
import { serverProcesses } from "@/lib/runtime/cluster";
import { WorkerCalls } from "@/lib/runtime/worker-calls";
import type { HashingErrorReply, HashingProtocol } from "./hashing-protocol";

type HashingWorker = WorkerCalls<HashingProtocol, HashingErrorReply>;

class HashingPool {
  private readonly workers: HashingWorker[] = [];

  constructor(private readonly size: number) {}

  /** Each worker takes its jobs one after the other, so at most `size` run at once. */
  run<M extends keyof HashingProtocol>(
    method: M,
    ...args: Parameters<HashingProtocol[M]>
  ): Promise<ReturnType<HashingProtocol[M]>> {
    return this.leastBusy().call(method, ...args);
  }

  private leastBusy(): HashingWorker {
    if (this.workers.length < this.size) {
      const worker: HashingWorker = new WorkerCalls("hashing", {
        name: "Password hashing",
        toError: (error) => new Error(error),
        // A new worker takes the place of one that failed, at the next job.
        onStop: () => this.workers.splice(this.workers.indexOf(worker), 1),
      });
      this.workers.push(worker);
    }
    return this.workers.reduce((best, worker) => (worker.waiting < best.waiting ? worker : best));
  }
}

let pool: HashingPool | undefined;
export function hashingPool(): HashingPool {
  pool ??= new HashingPool(Math.max(1, Math.floor(availableParallelism() / serverProcesses())));
  return pool;
}
