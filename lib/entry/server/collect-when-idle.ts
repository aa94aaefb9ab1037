/**
 * Memory given back at rest (docs/performance.md, "Memory at rest"): once a server process has
 * answered no request for IDLE_MS, a full garbage collection, and another once its idle hashing
 * threads have ended, so a process at rest holds its live objects and not the garbage of its last
 * burst. V8 collects an idle heap only when its own heuristics decide to: the same warm-up left 66
 * MB of heap in one run and 103 MB in another. Under load no gap between requests reaches IDLE_MS,
 * so nothing is added there.
 */
import { config } from "@/lib/platform/config";
import { collectGarbage } from "@/lib/platform/runtime/garbage-collection";

const IDLE_MS = 10_000;
const CHECK_MS = 2_000;

/** Watches `requestsServed` (a count that grows with each request); returns how to stop. */
export function collectWhenIdle(requestsServed: () => number): () => void {
  // Idle hashing threads end HASHING_THREAD_IDLE_MS after their last hash (lib/domain/passwords/hashing-pool.ts).
  const restPoints = [IDLE_MS, config().HASHING_THREAD_IDLE_MS + CHECK_MS];
  let seen = requestsServed();
  let idleSince = Date.now();
  let collections = 0;
  const check = setInterval(() => {
    const served = requestsServed();
    if (served !== seen) {
      seen = served;
      idleSince = Date.now();
      collections = 0;
    } else if (collections < restPoints.length && Date.now() - idleSince >= restPoints[collections]) {
      collectGarbage();
      collections++;
    }
  }, CHECK_MS);
  check.unref();
  return () => clearInterval(check);
}
