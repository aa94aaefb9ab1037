/**
 * A data directory's lock (lib/platform/db/lock.ts), waited for while another process holds it:
 * for the tests' shared things (the embedded template, a turn at the checkout's Next development
 * server), which one process at a time makes or uses. A synchronous wait: callers are at a file's
 * start, with nothing else to do meanwhile.
 */
import { DatabaseInUseError, type DataDirectoryLock, lockDataDirectory } from "@/lib/platform/db/lock";

export function waitForLock(dataDir: string, deadline = Date.now() + 10 * 60_000): DataDirectoryLock {
  for (;;) {
    try {
      return lockDataDirectory(dataDir);
    } catch (error) {
      if (!(error instanceof DatabaseInUseError) || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
}
