/**
 * The worker thread's side of WorkerCalls (lib/platform/runtime/worker-calls.ts): the messages the two sides
 * exchange, typed by a protocol that both import, and `answerCalls`, which a worker thread's entry
 * file (lib/platform/runtime/worker-scripts.ts) runs to answer them.
 */
import { parentPort } from "node:worker_threads";

/** The calls a worker thread answers: each method's arguments and its result. */
export type Protocol = Record<string, (...args: never[]) => unknown>;

/** The call `method(...args)`, numbered by the caller to match its answer. */
export type CallMessage<P extends Protocol> = {
  [M in keyof P & string]: { id: number; method: M; args: Parameters<P[M]> };
}[keyof P & string];

/** The answer to call `id`: its result, or what the thread made of the error it threw. */
export type ReplyMessage<ErrorReply> = { id: number; result: unknown } | { id: number; error: ErrorReply };

/** A worker thread's implementation of each call; it may answer at once or later. */
export type Handlers<P extends Protocol> = {
  [M in keyof P]: (...args: Parameters<P[M]>) => ReturnType<P[M]> | Promise<ReturnType<P[M]>>;
};

/**
 * Answers each call with its handler's result, or with `replyError(error)` when the handler throws
 * or its result cannot be sent. Calls are taken as they come: a handler that returns at once
 * (the hashing thread's) runs them one after the other.
 */
export function answerCalls<P extends Protocol, ErrorReply>(
  handlers: Handlers<P>,
  replyError: (error: unknown) => ErrorReply,
): void {
  if (!parentPort) throw new Error("answerCalls runs in a worker thread");
  const port = parentPort;
  port.on("message", async ({ id, method, args }: CallMessage<P>) => {
    try {
      const handler = handlers[method] as (...args: unknown[]) => unknown;
      port.postMessage({ id, result: await handler(...args) } satisfies ReplyMessage<ErrorReply>);
    } catch (error) {
      port.postMessage({ id, error: replyError(error) } satisfies ReplyMessage<ErrorReply>);
    }
  });
}
