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

test("under load the event loop comes first: the database worker runs at niceness 5, password hashing at 10", {
  skip: process.platform === "linux" ? false : "thread priorities are set on Linux only",
}, async () => {
  const { hashPassword } = await import("@/lib/domain/passwords/hash-password");
  // Counted before and after: the hashing pool lives as long as the process, so an earlier test may have started it.
  const atNiceness = (niceness: number) => threadNiceness().filter((value) => value === niceness).length;
  const databaseThreadsBefore = atNiceness(5);
  const { factory, close } = createAdapterFactory(databaseTarget("pglite:memory"));
  const prisma = new PrismaClient({ adapter: factory });
  try {
    await prisma.$executeRaw`SELECT 1`;
    await hashPassword("a password to hash");
    const niceness = threadNiceness();
    assert.equal(atNiceness(5), databaseThreadsBefore + 1, `the database worker; threads' niceness: ${niceness}`);
    assert.ok(niceness.includes(10), `a hashing worker; threads' niceness: ${niceness}`);
    assert.equal(os.getPriority(), 0, "the main thread keeps its priority");
  } finally {
    await prisma.$disconnect();
    await close();
  }
});
