/**
 * The embedded database's write-ahead log (lib/platform/db/pglite-options.ts): PGlite has no
 * checkpointer, and at its defaults the write that crosses max_wal_size / 1.9 (some 540 MB of log
 * since the last checkpoint) spins for ever in the database's thread. Written through the real
 * worker, past that point, the writes go on. A file of its own: some 640 MB of log to write.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { createAdapterFactory } from "@/lib/platform/db";
import { databaseTarget } from "@/lib/platform/db/target";
import { PrismaClient } from "@/lib/generated/prisma/client";

/** A round alone takes about a second; one that has not returned after this never will. */
const ROUND_STALLED_MS = 120_000;

test("past 540 MB of write-ahead log since its last checkpoint, the embedded database goes on writing", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remit-wal-"));
  const adapter = createAdapterFactory(databaseTarget(`pglite:${dataDir}`));
  const prisma = new PrismaClient({ adapter: adapter.factory });
  // A stuck thread would never answer the close: the failure is reported without it.
  let stuck = false;
  try {
    await prisma.$executeRawUnsafe("CREATE TABLE wal_filler (id serial PRIMARY KEY, payload text)");
    const walMb = async () =>
      Number(
        (
          await prisma.$queryRawUnsafe<{ mb: number }[]>(
            "SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn) / 1048576 AS mb",
          )
        )[0].mb,
      );
    const start = await walMb();
    // Some 64 MB of log a round; the database thread's own checkpoint comes every 5 minutes, after these.
    for (let round = 1; round <= 10; round++) {
      let timer: NodeJS.Timeout | undefined;
      // The database stalls in its own thread: this one's timer still fires.
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          stuck = true;
          reject(new Error(`round ${round} has not returned: the database thread is stuck`));
        }, ROUND_STALLED_MS);
      });
      const write = prisma.$executeRawUnsafe(
        "INSERT INTO wal_filler (payload) SELECT repeat('x', 200) FROM generate_series(1, 200000)",
      );
      await Promise.race([write, stalled]).finally(() => clearTimeout(timer));
    }
    assert.ok((await walMb()) - start > 600, "the rounds wrote past the point where PGlite stopped");
    assert.equal(
      await prisma
        .$queryRawUnsafe<{ n: number }[]>("SELECT count(*)::int AS n FROM wal_filler")
        .then((rows) => rows[0].n),
      2_000_000,
    );
  } finally {
    if (!stuck) {
      await prisma.$disconnect();
      await adapter.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
});
