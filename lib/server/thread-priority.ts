/**
 * A line of JavaScript for a worker thread's source (the workers run from strings: see
 * lib/passwords.ts) that lowers that thread's CPU priority to `niceness`, on Linux; elsewhere it
 * does nothing. /proc/thread-self names the thread to setpriority. Under load, the event loop,
 * which answers every request, then gets a core before the database worker (niceness 5), and both
 * before password hashing (10).
 */
export function lowerThisThreadPriority(niceness: number): string {
  return `try { require("node:os").setPriority(Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop()), ${niceness}); } catch {}`;
}
