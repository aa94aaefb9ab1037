/**
 * Worker threads run below the event loop's priority, so that under load the event loop, which
 * answers every request, gets a core first: the embedded database's thread, then password hashing.
 * The metrics tell the threads apart by these values (lib/runtime/metrics.ts).
 */
export const DATABASE_THREAD_NICENESS = 5;
export const HASHING_THREAD_NICENESS = 10;

/**
 * A line of JavaScript for a worker thread's source (the workers run from strings: see
 * lib/passwords.ts) that lowers that thread's CPU priority to `niceness`, on Linux; elsewhere it
 * does nothing. /proc/thread-self names the thread to setpriority.
 */
export function lowerThisThreadPriority(niceness: number): string {
  return `try { require("node:os").setPriority(Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop()), ${niceness}); } catch {}`;
}
