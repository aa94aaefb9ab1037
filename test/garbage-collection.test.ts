/** The collections the exports ask for (lib/platform/runtime/garbage-collection.ts), seen by node's own GC observer. */
import assert from "node:assert/strict";
import { constants, PerformanceObserver } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "node:test";
import { collectedAfter } from "@/lib/platform/runtime/garbage-collection";

/** Counts the full (major) collections of this process; `settle` waits for the observer's entries to arrive. */
function majorCollections() {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) count++;
  });
  observer.observe({ entryTypes: ["gc"] });
  return {
    settle: async () => {
      await sleep(50);
      return count;
    },
    stop: () => observer.disconnect(),
  };
}

async function* rows(n: number): AsyncGenerator<number> {
  for (let i = 0; i < n; i++) yield i;
}

test("an export's rows come through whole, then one full collection once they end", async () => {
  const collections = majorCollections();
  try {
    const read: number[] = [];
    for await (const row of collectedAfter(rows(1000))) {
      read.push(row);
      // Before the end: nothing asked for yet.
      if (read.length === 999)
        assert.equal(await collections.settle(), 0, "no full collection while the rows are read");
    }
    assert.deepEqual(read, [...Array(1000).keys()]);
    assert.equal(await collections.settle(), 1, "one full collection when the rows end");
  } finally {
    collections.stop();
  }
});

test("an export abandoned halfway (its client went away) collects too, and reads no further", async () => {
  const collections = majorCollections();
  let produced = 0;
  async function* counted(): AsyncGenerator<number> {
    for (let i = 0; i < 1000; i++) {
      produced++;
      yield i;
    }
  }
  try {
    for await (const row of collectedAfter(counted())) if (row === 9) break;
    assert.equal(produced, 10);
    assert.equal(await collections.settle(), 1);
  } finally {
    collections.stop();
  }
});
