/** The worker threads' CPU priorities below the event loop's (lib/platform/runtime/thread-priority.ts). */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import { test } from "node:test";
import { databaseTarget } from "@/lib/platform/db/target";
import { createAdapterFactory } from "@/lib/platform/db";
import { PrismaClient } from "@/lib/generated/prisma/client";

/** The niceness of each of this process's threads (Linux). */
function threadNiceness(): number[] {
  return fs.readdirSync("/proc/self/task").flatMap((tid) => {
    try {
      return [Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1].split(" ")[16])];
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}

// Relative to the niceness the suite started at (`nice npm test` starts it at 10): the steps are 5 and 10 below it, to 19 at most.
const started = os.getPriority();
const expected = { database: Math.min(19, started + 5), hashing: Math.min(19, started + 10) };

test("under load the event loop comes first: the database worker runs 5 below the process's niceness, password hashing 10", {
  skip: process.platform === "linux" ? false : "thread priorities are set on Linux only",
}, async () => {
  const { hashPassword } = await import("@/lib/domain/passwords/hash-password");
  // Counted before and after: the hashing pool lives as long as the process, so an earlier test may have started it.
  const atNiceness = (niceness: number) => threadNiceness().filter((value) => value === niceness).length;
  const databaseThreadsBefore = atNiceness(expected.database);
  const { factory, close } = createAdapterFactory(databaseTarget("pglite:memory"));
  const prisma = new PrismaClient({ adapter: factory });
  try {
    await prisma.$executeRaw`SELECT 1`;
    await hashPassword("a password to hash");
    const niceness = threadNiceness();
    const context = `started at ${started}; threads' niceness: ${niceness}`;
    if (expected.database === expected.hashing) {
      // Both at the lowest priority: the database worker, and a hashing worker unless an earlier test started one.
      assert.ok(atNiceness(expected.database) >= databaseThreadsBefore + 1, `the workers; ${context}`);
    } else {
      assert.equal(atNiceness(expected.database), databaseThreadsBefore + 1, `the database worker; ${context}`);
      assert.ok(niceness.includes(expected.hashing), `a hashing worker; ${context}`);
    }
    assert.equal(os.getPriority(), started, "the main thread keeps its priority");
  } finally {
    await prisma.$disconnect();
    await close();
  }
});
