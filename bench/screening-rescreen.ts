/**
 * A full re-screen's throughput (issue 41): 100,000 customers with submitted profiles against a list
 * of 50,000 people generated as the search row's is (bench/screening.ts), whose new version names a
 * few of them, screened by the run the service starts (lib/domain/screening/run-screening.ts), pass
 * after pass as the background work would, on a database of its own. The customers' given names
 * come from the list's pools (so each search has the candidates a real one has: everyone listed
 * with that given name), their family names are made of syllables (so few score near the
 * threshold), their birth dates spread over 65 years; `LISTED` of them are listed people, as named
 * on the list and born in its year. `npm run bench` adds its row to the table (bench/run.ts); run
 * alone with `npx tsx bench/screening-rescreen.ts [customers]`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reloadConfig } from "@/lib/platform/config";
import { closeDatabase, db } from "@/lib/platform/db";
import { prepareDatabase } from "@/lib/entry/server/prepare-database";
import { runScreening } from "@/lib/domain/screening/run-screening";
import { screeningIndex } from "@/lib/domain/screening/screening-index";
import { createTestDatabase } from "@/tooling/throwaway-database";
import { GIVEN, LIST_SIZE, random, syntheticList } from "./screening";
import { figure, type Row } from "./table";

export const RESCREEN_CUSTOMERS = 100_000;
const TARGET_SECONDS = 120;
/** Listed people who are also customers: the run must find each. */
const LISTED = 20;
const INSERT_BATCH = 5_000;
const SYLLABLES = "ka lo mi ren dar vel to sun bri gal nor esh tam ulf pir od zan hel".split(" ");
const NATIONALITIES = ["GB", "PK", "IN", "NG", "PL", "RO", "PH", "BD"];

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
    // The index is built once per run, whatever its size: timed apart, so that a quick run's rate
    // (10,000 customers) is not charged ten times the build when it is extrapolated to 100,000.
    const building = performance.now();
    await screeningIndex();
    const buildSeconds = (performance.now() - building) / 1000;
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
    const opened = await db().screeningMatch.count();
    const found = (
      await db().screeningMatch.findMany({
        where: { customer: { email: { startsWith: "bench.listed." } } },
        distinct: ["customerId"],
        select: { customerId: true },
      })
    ).length;
    const rate = figure(run.screened / seconds, "the re-screen's customers per second");
    const extrapolated = buildSeconds + RESCREEN_CUSTOMERS / rate;
    return [
      {
        name: `re-screen of ${customers.toLocaleString("en")} customers against ${LIST_SIZE.toLocaleString("en")} listed people (${postgresUrl ? "PostgreSQL" : "PGlite"})`,
        comparison: `index built in ${buildSeconds.toFixed(1)} s, then ${seconds.toFixed(1)} s, ${Math.round(rate)} customers/s (${RESCREEN_CUSTOMERS.toLocaleString("en")} in ${Math.round(extrapolated)} s with the build), ${passes} passes, ${found} of ${LISTED} listed customers found, ${opened} possible matches opened`,
        target: `< ${TARGET_SECONDS} s for ${RESCREEN_CUSTOMERS.toLocaleString("en")}, every listed customer found`,
        pass: extrapolated < TARGET_SECONDS && found === LISTED,
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

/** `customers` customers with submitted profiles, `LISTED` of them listed, and the list's first version. */
async function seed(customers: number): Promise<void> {
  const next = random(7);
  const pick = <T>(pool: T[]) => pool[Math.floor(next() * pool.length)];
  const listed = syntheticList(next);
  const list = await db().screeningList.create({ data: { name: "bench", format: "opensanctions_ftm" } });
  for (let start = 0; start < listed.length; start += INSERT_BATCH) {
    await db().screeningEntry.createMany({
      data: listed.slice(start, start + INSERT_BATCH).map((person) => ({
        listId: list.id,
        externalId: `bench-${person.id}`,
        name: person.name,
        aliases: person.aliases,
        birthDates: person.birthDates,
        nationalities: person.nationalities,
        topics: person.topics,
        programs: person.programs,
        contentHash: `bench-${person.id}`,
        version: 1,
      })),
    });
  }
  await db().screeningList.update({ where: { id: list.id }, data: { version: 1, entryCount: listed.length } });
  const step = Math.floor(customers / LISTED);
  for (let start = 0; start < customers; start += INSERT_BATCH) {
    const count = Math.min(INSERT_BATCH, customers - start);
    await db().customer.createMany({
      data: Array.from({ length: count }, (_, n) => {
        const number = start + n;
        if (number % step === 0 && number / step < LISTED) {
          // A listed person: "FAMILY, Given" as the list names them, born in the year it gives.
          const person = listed[Math.floor(next() * listed.length)];
          const [family, given] = person.name.split(", ");
          return {
            email: `bench.listed.${number}@example.org`,
            passwordHash: "-",
            givenNames: given,
            familyName: family,
            dateOfBirth: new Date(`${person.birthDates[0]}-05-06T00:00:00Z`),
            nationality: pick(NATIONALITIES),
            kycStatus: "verified" as const,
          };
        }
        const family = Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(SYLLABLES)).join("");
        return {
          email: `bench.screening.${number}@example.org`,
          passwordHash: "-",
          givenNames: next() < 0.3 ? `${pick(GIVEN)} ${pick(GIVEN)}` : pick(GIVEN),
          familyName: family[0].toUpperCase() + family.slice(1),
          dateOfBirth: new Date(
            Date.UTC(1940 + Math.floor(next() * 65), Math.floor(next() * 12), 1 + Math.floor(next() * 28)),
          ),
          nationality: pick(NATIONALITIES),
          kycStatus: "verified" as const,
        };
      }),
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await rescreenRows(process.env.TEST_DATABASE_URL, Number(process.argv[2] ?? RESCREEN_CUSTOMERS));
  for (const row of rows) console.log(`${row.name}: ${row.comparison} (${row.pass ? "PASS" : "FAIL"})`);
}
