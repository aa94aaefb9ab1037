/**
 * How mail queued in this process reaches a running dispatcher at once, rather than at its next pass.
 * Requests are handled by Next's server bundle, which has its own copy of this module, while the
 * dispatcher runs in the process's own module graph: the wake-up call meets it here.
 */
import { processGlobal } from "@/lib/platform/runtime/process-global";

const listeners = processGlobal("email-queued-listeners", () => new Set<() => void>());

/** A running dispatcher listens here to send new mail at once; returns the function that stops listening. */
export function onEmailQueued(wake: () => void): () => void {
  listeners.add(wake);
  return () => {
    listeners.delete(wake);
  };
}

export function wakeDispatcher(): void {
  for (const wake of listeners) wake();
}
