/**
 * V8's full garbage collection on demand, for the two places that need memory back sooner than V8's
 * own heuristics give it: a server process at rest (lib/entry/server/collect-when-idle.ts) and a long
 * export (`heapBudget`). V8 lets the old generation grow with the garbage of a long read (a
 * customers' export of 50,000 rows took the process 148 MB above rest, garbage all but 5 MB of it)
 * before it collects: bounded here, the same export peaks at 46 MB for about 10 % more time.
 */
import v8 from "node:v8";
import vm from "node:vm";

let collect: (() => void) | undefined;

/** A full collection, without starting node with --expose-gc (which would put `gc` in every module's reach). */
export function collectGarbage(): void {
  if (!collect) {
    v8.setFlagsFromString("--expose-gc");
    collect = vm.runInNewContext("gc") as () => void;
    v8.setFlagsFromString("--no-expose-gc");
  }
  collect();
}

const heapUsed = () => v8.getHeapStatistics().used_heap_size;

/**
 * For a job that reads in batches: call the answer between batches; once the heap has grown
 * `megabytes` since the job began or last collected, it collects (each collection stops the
 * process for tens of milliseconds, so the budget is not made small).
 */
export function heapBudget(megabytes: number): () => void {
  const budget = megabytes * 2 ** 20;
  let base = heapUsed();
  return () => {
    if (heapUsed() - base <= budget) return;
    collectGarbage();
    base = heapUsed();
  };
}

/** The exports' budget: their peak stays within twice this above rest (bench:scale's target is 64 MB). */
export const EXPORT_HEAP_BUDGET_MB = 32;
