/**
 * V8's full garbage collection on demand, for the two places that need memory back sooner than V8's
 * own heuristics give it: a server process at rest (lib/entry/server/collect-when-idle.ts) and a long
 * export (`withinHeapBudget` while it reads, `collectedAfter` when it ends). V8 lets the old
 * generation grow with the garbage of a long read (a customers' export of 50,000 rows took the
 * process 148 MB above rest, garbage all but 5 MB of it) before it collects: bounded here, the same
 * export peaks at 46 MB for about 10 % more time.
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

/** The heap's size after the last collection `withinHeapBudget` made (or when it first looked). */
let heapAfterCollection: number | undefined;

/**
 * For the jobs that read in batches: called between batches, it collects once the heap has grown
 * `megabytes` since the last collection it made. One budget for the process, whatever the number of
 * jobs: twelve exports at once collect as often as one that reads as much, not twelve times as
 * often. Each collection stops the process for tens of milliseconds, so the budget is not made small.
 */
export function withinHeapBudget(megabytes: number): void {
  const used = heapUsed();
  heapAfterCollection ??= used;
  if (used - heapAfterCollection <= megabytes * 2 ** 20) return;
  collectGarbage();
  heapAfterCollection = heapUsed();
}

/** The exports' budget: their peak stays within twice this above rest (bench:scale's target is 64 MB). */
export const EXPORT_HEAP_BUDGET_MB = 32;

/**
 * `rows` as they come, then one full collection once they end (read to the last or abandoned by a
 * client gone away), so a long export gives back what it grew the heap by when it ends rather than
 * when V8 next decides to (a million customers' CSV left the process 38 MB above its rest 5 s after).
 */
export async function* collectedAfter<T>(rows: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    yield* rows;
  } finally {
    collectGarbage();
  }
}
