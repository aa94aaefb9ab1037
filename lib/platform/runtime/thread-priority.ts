/**
 * Worker threads run below the event loop's priority, so that under load the event loop, which
 * answers every request, gets a core first: the embedded database's thread, then password hashing.
 * The steps are relative to the process's own niceness (a server started under `nice -n 10` runs its
 * database thread at 15 and its hashing at 19, the most a niceness can be). The metrics tell the
 * threads apart by these values (lib/platform/runtime/metrics.ts).
 */
import fs from "node:fs";
import os from "node:os";

/** How far below the process's niceness each kind of worker thread runs. */
export const DATABASE_THREAD_NICENESS_STEP = 5;
export const HASHING_THREAD_NICENESS_STEP = 10;
const LOWEST_PRIORITY = 19;

/** The niceness of a worker thread `step` below this process's (its main thread's), at most 19. */
export function workerThreadNiceness(step: number): number {
  let processNiceness = 0;
  try {
    processNiceness = os.getPriority(process.pid);
  } catch {
    // Not supported here: count from the default.
  }
  return Math.min(LOWEST_PRIORITY, processNiceness + step);
}

/**
 * Lowers the CPU priority of the thread that calls it `step` below the process's, on Linux; elsewhere
 * it does nothing. Each worker thread calls it first thing (lib/domain/passwords/hashing-worker.ts,
 * lib/platform/db/pglite-worker-thread.ts). /proc/thread-self names the thread to setpriority.
 */
export function lowerThisThreadPriority(step: number): void {
  try {
    os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), workerThreadNiceness(step));
  } catch {
    // Not Linux: the thread keeps the priority it has.
  }
}
