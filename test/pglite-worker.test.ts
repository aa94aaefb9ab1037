/** The embedded database in its worker thread (lib/platform/db/pglite-worker.ts), as Prisma uses it. */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { databaseTarget } from "@/lib/platform/db/target";
import { createAdapterFactory } from "@/lib/platform/db";
import { checkDataDirectoryFree, DatabaseInUseError } from "@/lib/platform/db/lock";
import { applyMigrations } from "@/lib/platform/db/migrations";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { longestEventLoopPause } from "./support/event-loop";

test("the embedded database through its worker: transactions, driver errors and values as Prisma expects them", async () => {
  const { factory, close } = createAdapterFactory(databaseTarget("pglite:memory"));
  const prisma = new PrismaClient({ adapter: factory });
  try {
    await applyMigrations(factory);
    await assert.rejects(
      prisma.$transaction(async (tx) => {
        await tx.locale.create({ data: { id: "xx", label: "Rolled back" } });
        throw new Error("undo");
      }),
      /undo/,
    );
    assert.equal(await prisma.locale.count({ where: { id: "xx" } }), 0, "a rolled-back transaction leaves nothing");
    await prisma.$transaction(async (tx) => tx.locale.create({ data: { id: "xx", label: "Committed" } }));
    assert.equal(await prisma.locale.count({ where: { id: "xx" } }), 1);
    await assert.rejects(prisma.locale.create({ data: { id: "xx", label: "Again" } }), { code: "P2002" });

    const at = new Date("2024-05-06T05:08:09.123Z");
    const [row] = await prisma.$queryRaw<Record<string, unknown>[]>`
      SELECT ${Buffer.from([0xde, 0xad])}::bytea AS bytes, ${9007199254740993n}::int8 AS big, ${at}::timestamptz AS at,
        '{"a":[1,null]}'::jsonb AS json, NULL::text AS nothing, 1.5::float8 AS float, ARRAY['x','y'] AS list`;
    assert.deepEqual(row, {
      bytes: new Uint8Array([0xde, 0xad]),
      big: 9007199254740993n,
      at,
      json: { a: [1, null] },
      nothing: null,
      float: 1.5,
      list: ["x", "y"],
    });
    const entry = await prisma.auditLog.create({
      data: {
        actor: "cli",
        action: "update",
        resource: "settings",
        resourceId: "1",
        before: { list: [true, null, "s"] },
      },
    });
    // Chained as its transaction committed (the audit log's trigger): the row as written, and its link.
    const unchained = ({ chainPosition, prevHash, hash, ...rest }: typeof entry) => rest;
    const stored = await prisma.auditLog.findUniqueOrThrow({ where: { id: entry.id } });
    assert.deepEqual(unchained(stored), unchained(entry));
    assert.deepEqual([entry.hash, stored.chainPosition, stored.prevHash], [null, 1, null]);
    assert.match(stored.hash ?? "", /^[0-9a-f]{64}$/);
  } finally {
    await prisma.$disconnect();
    await close();
  }
});

test("the event loop keeps turning while the embedded database runs a slow statement", async () => {
  const { factory, close } = createAdapterFactory(databaseTarget("pglite:memory"));
  const prisma = new PrismaClient({ adapter: factory });
  try {
    await prisma.$executeRaw`SELECT 1`; // started, so what is timed below is the statement alone
    const { took, longestPause } = await longestEventLoopPause(() => prisma.$executeRaw`SELECT pg_sleep(0.3)`);
    assert.ok(took >= 290, `the statement took ${took} ms`);
    assert.ok(
      longestPause < took / 2,
      `the event loop paused for ${Math.round(longestPause)} ms of the statement's ${Math.round(took)} ms`,
    );
  } finally {
    await prisma.$disconnect();
    await close();
  }
});

test("a failing script is refused with its own error and the worker carries on; once closed, calls are refused, not left hanging", async () => {
  const { factory, close } = createAdapterFactory(databaseTarget("pglite:memory"));
  const adapter = await factory.connect();
  const query = (sql: string) => adapter.queryRaw({ sql, args: [], argTypes: [] });
  await query("SELECT 1");
  // The whole script is one awaited simple query (pglite-worker-thread.ts): its failure is the
  // caller's, where pglite-prisma-adapter's own executeScript left it unhandled in the worker.
  await assert.rejects(
    adapter.executeScript("SELECT pg_sleep(0.2); SELECT * FROM missing_table"),
    /relation "missing_table" does not exist/,
  );
  assert.deepEqual((await query("SELECT 1 AS one")).rows, [[1]], "the worker still answers");
  await close();
  await assert.rejects(
    Promise.race([query("SELECT 1"), new Promise((resolve) => setTimeout(resolve, 5_000, "hung"))]),
    /The embedded database is closed/,
  );
});

test("the worker of a data directory starts afresh with its data, the directory locked throughout, and Prisma carries on", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remit-restart-"));
  const adapter = createAdapterFactory(databaseTarget(`pglite:${dataDir}`));
  const prisma = new PrismaClient({ adapter: adapter.factory });
  try {
    await applyMigrations(adapter.factory);
    await prisma.locale.create({ data: { id: "xx", label: "Kept" } });
    await prisma.$disconnect();
    const restarted = adapter.restartWorker!();
    assert.throws(() => checkDataDirectoryFree(dataDir), DatabaseInUseError, "locked while the worker restarts");
    await restarted;
    assert.throws(() => checkDataDirectoryFree(dataDir), DatabaseInUseError, "and after");
    assert.equal((await prisma.locale.findUniqueOrThrow({ where: { id: "xx" } })).label, "Kept");
    await prisma.locale.create({ data: { id: "yy", label: "Written by the new worker" } });
    assert.equal(await prisma.locale.count({ where: { id: { in: ["xx", "yy"] } } }), 2);
    const shadow = await adapter.factory.connectToShadowDb();
    assert.deepEqual((await shadow.queryRaw({ sql: "SELECT 1 AS one", args: [], argTypes: [] })).rows, [[1]]);
    await shadow.dispose();
  } finally {
    await prisma.$disconnect();
    await adapter.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  assert.doesNotThrow(() => checkDataDirectoryFree(dataDir), "released on close");
});

test("a database in memory has no worker to restart: its data would go with it", async () => {
  const adapter = createAdapterFactory(databaseTarget("pglite:memory"));
  try {
    assert.equal(adapter.restartWorker, undefined);
  } finally {
    await adapter.close();
  }
});
