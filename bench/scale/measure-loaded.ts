/**
 * `tsx bench/scale/measure-loaded.ts --customers N --database-url postgresql://…`: the scale bench's
 * measurement alone (measure.ts), on a database loaded before (bench/scale/load.ts) and kept, for
 * working on one read: load once, measure, change the code or migrate (`DATABASE_URL=… npm run
 * db:migrate`), measure again on the same rows. Prints each figure; `--out file.json` keeps them.
 * The back office only: the API's calls would export the same loaded customers' data again, which
 * each may do once an hour (and their figures need an empty database beside them: run.ts).
 * AUTH_SECRET: the environment's, else one derived from the URL, so every run opens what the last sealed.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { buildIfNeeded } from "@/lib/entry/server/build";
import { measureDatabase } from "./measure";

const { values } = parseArgs({
  options: {
    customers: { type: "string" },
    "database-url": { type: "string" },
    reps: { type: "string", default: "5" },
    out: { type: "string" },
  },
});
const customers = Number(values.customers);
const databaseUrl = values["database-url"];
if (!Number.isInteger(customers) || customers < 10 || !databaseUrl) {
  console.error(
    "Usage: tsx bench/scale/measure-loaded.ts --customers N --database-url URL [--reps 5] [--out file.json]",
  );
  process.exit(2);
}

async function main(url: string): Promise<void> {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  buildIfNeeded();
  const figures = await measureDatabase({
    databaseUrl: url,
    customers,
    reps: Number(values.reps),
    restMs: 5_000,
    authSecret: process.env.AUTH_SECRET ?? createHash("sha256").update(`scale-bench ${url}`).digest("base64"),
    progress: (line) => console.log(line),
    api: false,
  });
  const rows = [...figures].map(([name, { figure }]) => ({ name, ...figure }));
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    const memory =
      row.peakMb === undefined ? "" : `, +${row.peakMb.toFixed(0)}/+${(row.afterMb ?? 0).toFixed(0)} MB (peak/after)`;
    console.log(`${row.name.padEnd(width)}  ${row.ms.toFixed(row.ms < 10 ? 1 : 0)} ms${memory}`);
  }
  if (values.out) fs.writeFileSync(values.out, `${JSON.stringify(rows, null, 2)}\n`);
}

main(databaseUrl).then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
