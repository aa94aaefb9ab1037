/**
 * Calls into a worker thread (its side: lib/platform/runtime/worker-thread.ts), typed by the protocol both
 * sides import: each call is a message `{ id, method, args }` answered by `{ id, result }` or
 * `{ id, error }`. The thread keeps the process alive only while a call waits for its answer. Once
 * the worker fails, exits or is terminated, every waiting call and every later one is refused with
 * the reason, and `onStop` is told.
 */
import { Worker } from "node:worker_threads";
import type { CallMessage, Protocol, ReplyMessage } from "./worker-thread";
import { workerScript, type WorkerEntry } from "./worker-scripts";
import { log } from "./log";

export type WorkerCallsOptions<ErrorReply> = {
  /** Names the work in log lines and errors, e.g. "The embedded database". */
  name: string;
  workerData?: unknown;
  /** The error a call rejects with, from the worker's `error` field. */
  toError(error: ErrorReply): Error;
  onStop?(): void;
};

export class WorkerCalls<P extends Protocol, ErrorReply> {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  private nextId = 0;
  private stopped: Error | undefined;

  constructor(
    entry: WorkerEntry,
    private readonly options: WorkerCallsOptions<ErrorReply>,
  ) {
    this.worker = new Worker(workerScript(entry), { workerData: options.workerData });
    this.worker.on("message", (reply: ReplyMessage<ErrorReply>) => {
      const call = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ("error" in reply) call?.reject(options.toError(reply.error));
      else call?.resolve(reply.result);
    });
    this.worker.on("error", (error) => {
      log().error({ err: error }, `${options.name}: its worker failed`);
      this.stop(new Error(`${options.name} stopped: ${error.message}`, { cause: error }));
    });
    this.worker.on("exit", (code) =>
      this.stop(new Error(`${options.name} stopped: its worker exited with code ${code}`)),
    );
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

  call<M extends keyof P & string>(method: M, ...args: Parameters<P[M]>): Promise<ReturnType<P[M]>> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      this.worker.ref();
      this.worker.postMessage({ id, method, args } as CallMessage<P>);
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
