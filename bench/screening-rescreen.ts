/**
 * A full re-screen's throughput (issue 41): 100,000 customers with submitted profiles and a list
 * whose new version names a few of them, screened by the run the service starts
 * (lib/domain/screening/run-screening.ts), pass after pass as the background work would, on a
 * database of its own. `npm run bench` adds its row to the table (bench/run.ts); run alone with
 * `npx tsx bench/screening-rescreen.ts [customers]`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reloadConfig } from "@/lib/platform/config";
import { closeDatabase, db } from "@/lib/platform/db";
import { prepareDatabase } from "@/lib/entry/server/prepare-database";
import { runScreening } from "@/lib/domain/screening/run-screening";
import { createTestDatabase } from "@/tooling/throwaway-database";
import { figure, type Row } from "./table";

export const RESCREEN_CUSTOMERS = 100_000;
const TARGET_SECONDS = 120;
/** Listed people who are also customers: the run must find each. */
const LISTED = 20;
const INSERT_BATCH = 5_000;

/** Measures a re-screen of `customers` customers on PostgreSQL at `postgresUrl`, or on the embedded database. */
export async function rescreenRows(postgresUrl?: string, customers = RESCREEN_CUSTOMERS): Promise<Row[]> {
  let url: string;
  let drop: () => Promise<void>;
  if (postgresUrl) {
    const database = await createTestDatabase(postgresUrl);
    url = database.url;
    drop = database.drop;
  } else {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-bench-screening-"));
    url = `pglite:${directory}`;
    drop = async () => fs.rmSync(directory, { recursive: true, force: true });
  }
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  reloadConfig();
  try {
    await prepareDatabase();
    await seed(customers);
    const started = performance.now();
    let passes = 0;
    for (;;) {
      await runScreening();
      passes += 1;
      const run = await db().screeningRun.findFirstOrThrow({ orderBy: { id: "desc" } });
      if (run.status === "finished") break;
    }
    const seconds = (performance.now() - started) / 1000;
    const run = await db().screeningRun.findFirstOrThrow({ orderBy: { id: "desc" } });
    const found = await db().screeningMatch.count();
    const rate = figure(run.screened / seconds, "the re-screen's customers per second");
    return [
      {
        name: `re-screen of ${customers.toLocaleString("en")} customers (${postgresUrl ? "PostgreSQL" : "PGlite"})`,
        comparison: `${seconds.toFixed(1)} s, ${Math.round(rate)} customers/s, ${passes} passes, ${found} of ${LISTED} listed customers found`,
        target: `< ${TARGET_SECONDS} s for ${RESCREEN_CUSTOMERS.toLocaleString("en")}, every listed customer found`,
        pass: (seconds * RESCREEN_CUSTOMERS) / customers < TARGET_SECONDS && found === LISTED,
      },
    ];
  } finally {
    await closeDatabase();
    await drop();
    // Unset before, unset after (assigning undefined would leave the string "undefined").
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    reloadConfig();
  }
}

/** `customers` customers with submitted profiles, and a list version naming `LISTED` of them. */
async function seed(customers: number): Promise<void> {
  const dateOfBirth = new Date("1980-05-06T00:00:00Z");
  for (let start = 0; start < customers; start += INSERT_BATCH) {
    const count = Math.min(INSERT_BATCH, customers - start);
    await db().customer.createMany({
      data: Array.from({ length: count }, (_, n) => ({
        email: `bench.screening.${start + n}@example.org`,
        passwordHash: "-",
        givenNames: `Given${start + n}`,
        familyName: `Family${start + n}`,
        dateOfBirth,
        nationality: "GB",
        kycStatus: "pending_review" as const,
      })),
    });
  }
  const list = await db().screeningList.create({ data: { name: "bench", format: "opensanctions_ftm" } });
  const step = Math.floor(customers / LISTED);
  await db().screeningEntry.createMany({
    data: Array.from({ length: LISTED }, (_, n) => ({
      listId: list.id,
      externalId: `bench-${n}`,
      name: `Given${n * step} Family${n * step}`,
      topics: ["sanction" as const],
      contentHash: `bench-${n}`,
      version: 1,
    })),
  });
  await db().screeningList.update({ where: { id: list.id }, data: { version: 1, entryCount: LISTED } });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await rescreenRows(process.env.TEST_DATABASE_URL, Number(process.argv[2] ?? RESCREEN_CUSTOMERS));
  for (const row of rows) console.log(`${row.name}: ${row.comparison} (${row.pass ? "PASS" : "FAIL"})`);
}
