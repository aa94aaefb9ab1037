/**
 * `npm run bench:scale -- [--customers 1000000] [--quick] [--database-url postgresql://…] [--embedded]`
 *
 * The back office and the API at scale (issue 38; docs/performance.md, "At a million customers").
 * On PostgreSQL (--database-url, else TEST_DATABASE_URL, else the local server), a database of its
 * own for each size: migrated, seeded and loaded with the synthetic population (load-population.ts:
 * per customer 20 account events, 5 audit entries in a valid hash chain, 3 sessions, 5 e-mails),
 * its chain checkpointed by `audit verify` as the daily check would, then the production server on
 * it (measure.ts): every back-office read timed over HTTP, the exports with the server's memory,
 * the main API calls; those also on an empty database. Two sizes, a tenth of --customers and
 * --customers (100,000 and 1,000,000; --quick: 10,000 and 50,000), in one table with the growth
 * and a verdict per row. --embedded measures the smaller size on PGlite too, beside PostgreSQL's.
 * Exits 0 whatever the verdicts; non-zero only when the bench itself broke.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIfNeeded } from "@/lib/entry/server/build";
import { createTestDatabase } from "@/tooling/throwaway-database";
import { loadPopulation, migrateAndSeed } from "./load-population";
import { type Figure, type Figures, type Kind, measureDatabase } from "./measure";

const { values: options } = parseArgs({
  options: {
    customers: { type: "string", default: "1000000" },
    quick: { type: "boolean", default: false },
    "database-url": { type: "string" },
    embedded: { type: "boolean", default: false },
  },
});
const POSTGRES_URL =
  options["database-url"] ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const LARGE = options.quick ? 50_000 : Number(options.customers);
const SMALL = options.quick ? 10_000 : Math.round(LARGE / 10);
const REPS = options.quick ? 3 : 5;
const REST_MS = options.quick ? 2_000 : 5_000;
/** The targets (issue 38). */
const PAGE_MS = 300;
const GROWTH = 2;
const EXPORT_MB = 64;
/** "Back to rest" after an export: within this of the memory before it. */
const AFTER_MB = 16;
const API_SLOWER = 1.1;
const AUTH_SECRET = randomBytes(32).toString("base64");

const log = (line: string) => console.log(line);

type Site = { label: string; customers: number; embedded: boolean };

async function measureSite(site: Site): Promise<Figures> {
  log(`\n${site.label}: ${site.customers.toLocaleString("en")} customers`);
  let databaseUrl: string;
  let drop: () => Promise<void>;
  if (site.embedded) {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-scale-"));
    databaseUrl = `pglite:${directory}`;
    drop = async () => fs.rmSync(directory, { recursive: true, force: true });
  } else {
    const database = await createTestDatabase(POSTGRES_URL);
    databaseUrl = database.url;
    drop = database.drop;
  }
  try {
    if (site.customers > 0) {
      const report = await loadPopulation(databaseUrl, site.customers, log);
      log(`  loaded in ${report.seconds.toFixed(0)} s`);
    } else {
      migrateAndSeed(databaseUrl);
    }
    return await measureDatabase({
      databaseUrl,
      customers: site.customers,
      reps: REPS,
      restMs: REST_MS,
      authSecret: AUTH_SECRET,
      progress: log,
    });
  } finally {
    await drop();
  }
}

const ms = (figure: Figure | undefined) => (figure ? `${figure.ms.toFixed(figure.ms < 10 ? 1 : 0)} ms` : "—");
const mb = (value: number | undefined) => (value === undefined ? "" : `${value.toFixed(0)}`);

/** Each figure at both sizes, the growth, the target and the verdict. */
function table(empty: Figures, small: Figures, large: Figures, embedded: Figures | undefined): string {
  const header = [
    "",
    `${SMALL.toLocaleString("en")}`,
    `${LARGE.toLocaleString("en")}`,
    "growth",
    ...(embedded ? [`PGlite ${SMALL.toLocaleString("en")}`] : []),
    "target",
    "verdict",
  ];
  const rows: string[][] = [];
  const names = [...new Set([...small.keys(), ...large.keys()])];
  const kinds: Kind[] = ["back-office", "export", "api"];
  for (const kind of kinds) {
    for (const name of names) {
      const a = small.get(name);
      const b = large.get(name);
      if ((a ?? b)?.kind !== kind) continue;
      const growth = a && b ? b.figure.ms / a.figure.ms : Number.NaN;
      let target = "";
      let pass: boolean | undefined;
      let shown = [ms(a?.figure), ms(b?.figure)];
      if (kind === "back-office") {
        target = options.quick ? `growth ≤ ${GROWTH}× (${PAGE_MS} ms at 1M)` : `≤ ${PAGE_MS} ms, growth ≤ ${GROWTH}×`;
        pass = growth <= GROWTH && (options.quick || (b !== undefined && b.figure.ms <= PAGE_MS));
      } else if (kind === "export") {
        // Time, then memory above rest at peak and after (MB).
        shown = [a, b].map((x) =>
          x
            ? `${ms(x.figure)}, +${mb(x.figure.peakMb)}/+${mb(x.figure.afterMb)} MB, ${mb((x.figure.bytes ?? 0) / 1048576)} MB out`
            : "—",
        );
        target = `peak ≤ +${EXPORT_MB} MB, after ≤ +${AFTER_MB} MB`;
        pass = [a, b].every(
          (x) =>
            x !== undefined && (x.figure.peakMb ?? Infinity) <= EXPORT_MB && (x.figure.afterMb ?? Infinity) <= AFTER_MB,
        );
      } else {
        const base = empty.get(name);
        const versus = b && base ? b.figure.ms / base.figure.ms : Number.NaN;
        if (/register|login|refresh/.test(name)) {
          target = `≤ ${API_SLOWER}× empty (${ms(base?.figure)}): ${versus.toFixed(2)}×`;
          pass = versus <= API_SLOWER;
        } else {
          target = `growth ≤ ${GROWTH}×`;
          pass = growth <= GROWTH;
        }
      }
      rows.push([
        name,
        ...shown,
        Number.isFinite(growth) ? `${growth.toFixed(2)}×` : "—",
        ...(embedded ? [kind === "export" ? ms(embedded.get(name)?.figure) : ms(embedded.get(name)?.figure)] : []),
        target,
        pass === undefined ? "" : pass ? "PASS" : "FAIL",
      ]);
    }
  }
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join("  ")
      .trimEnd();
  const failed = rows.filter((row) => row.at(-1) === "FAIL").length;
  return [
    line(header),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map(line),
    "",
    `${rows.length} rows, ${failed} FAIL${options.quick ? `; --quick: sizes ${SMALL} and ${LARGE}, back-office pages judged on growth only (the ${PAGE_MS} ms target is for 1,000,000 customers)` : ""}`,
  ].join("\n");
}

async function main(): Promise<void> {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  if (!Number.isInteger(LARGE) || LARGE < 100) throw new Error("--customers must be a whole number, at least 100");
  buildIfNeeded();
  const started = performance.now();
  const empty = await measureSite({ label: "PostgreSQL, empty", customers: 0, embedded: false });
  const small = await measureSite({ label: "PostgreSQL", customers: SMALL, embedded: false });
  const large = await measureSite({ label: "PostgreSQL", customers: LARGE, embedded: false });
  const embedded = options.embedded
    ? await measureSite({ label: "Embedded (PGlite)", customers: SMALL, embedded: true })
    : undefined;
  log(
    `\nThe back office and the API at ${SMALL.toLocaleString("en")} and ${LARGE.toLocaleString("en")} customers` +
      ` (PostgreSQL, one server process; medians of ${REPS} warm calls; exports: time, MB above rest at peak / after, size)\n`,
  );
  log(table(empty, small, large, embedded));
  log(`\nRun in ${((performance.now() - started) / 60_000).toFixed(1)} min.`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
