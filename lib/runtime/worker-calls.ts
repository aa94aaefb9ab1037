import { Worker } from "node:worker_threads";

/**
 * Calls into a worker thread run from JavaScript source: each call is a message `{ id, ...message }`
 * answered by `{ id, result }` or `{ id, error }`. The thread keeps the process alive only while a
 * call waits for its answer. Once the worker fails, exits or is terminated, every waiting call and
 * every later one is refused with the reason, and `onStop` is told.
 */
export type WorkerCallsOptions = {
  /** Names the work in log lines and errors, e.g. "The embedded database". */
  name: string;
  workerData?: unknown;
  /** The error a call rejects with, from the worker's `error` field. */
  toError(error: unknown): Error;
  onStop?(): void;
};

export class WorkerCalls {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  private nextId = 0;
  private stopped: Error | undefined;

  constructor(source: string, private readonly options: WorkerCallsOptions) {
    this.worker = new Worker(source, { eval: true, workerData: options.workerData });
    this.worker.on("message", ({ id, result, error }: { id: number; result?: unknown; error?: unknown }) => {
      const call = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) this.worker.unref();
      if (error === undefined) call?.resolve(result);
      else call?.reject(options.toError(error));
    });
    this.worker.on("error", (error) => {
      console.error(`${options.name}: its worker failed:`, error);
      this.stop(new Error(`${options.name} stopped: ${error.message}`, { cause: error }));
    });
    this.worker.on("exit", (code) => this.stop(new Error(`${options.name} stopped: its worker exited with code ${code}`)));
    // After the listeners: adding a "message" listener references the worker's port again.
    this.worker.unref();
  }

  /** How many calls wait for their answer. */
  get waiting(): number {
    return this.pending.size;
  }

  get isStopped(): boolean {
    return this.stopped !== undefined;
  }

  call(message: Record<string, unknown>): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, ...message });
    });
  }

  async terminate(reason: Error): Promise<void> {
    this.stop(reason);
    await this.worker.terminate();
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    for (const call of this.pending.values()) call.reject(reason);
    this.pending.clear();
    this.worker.unref();
    this.options.onStop?.();
  }
}
