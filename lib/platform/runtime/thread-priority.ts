/**
 * Worker threads run below the event loop's priority, so that under load the event loop, which
 * answers every request, gets a core first: the embedded database's thread, then password hashing.
 * The metrics tell the threads apart by these values (lib/platform/runtime/metrics.ts).
 */
import fs from "node:fs";
import os from "node:os";

export const DATABASE_THREAD_NICENESS = 5;
export const HASHING_THREAD_NICENESS = 10;

/**
 * Lowers the CPU priority of the thread that calls it to `niceness`, on Linux; elsewhere it does
 * nothing. Each worker thread calls it first thing (lib/domain/passwords/hashing-worker.ts,
 * lib/platform/db/pglite-worker-thread.ts). /proc/thread-self names the thread to setpriority.
 */
export function lowerThisThreadPriority(niceness: number): void {
  try {
    os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), niceness);
  } catch {
    // Not Linux: the thread keeps the priority it has.
  }
}
