/**
 * `tsx bench/scale/measure-loaded.ts --customers N --database-url postgresql://… [--customers M
 * --database-url …] [--only regex] [--exports]`: the scale bench's measurement alone (measure.ts),
 * on databases loaded before (bench/scale/load.ts) and kept, for working on one read: load once,
 * measure, change the code or migrate (`DATABASE_URL=… npm run db:migrate`), measure again on the
 * same rows. Several databases (each --customers with its --database-url, in order) are measured
 * side by side, as run.ts does, one column each. `--only` keeps the reads whose name it matches;
 * the exports only with `--exports`; the API's calls only with `--api` (each loaded customer may
 * export their data once an hour; `--customers 0` names an empty database, the API's reference).
 * Prints each figure; `--out file.json` keeps them.
 * AUTH_SECRET: the environment's, else one derived from the URL, so every run opens what the last sealed.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { buildIfNeeded } from "@/lib/entry/server/build";
import { API_REPS, measureSites, openSite, type Site } from "./measure";

const { values } = parseArgs({
  options: {
    customers: { type: "string", multiple: true, default: [] },
    "database-url": { type: "string", multiple: true, default: [] },
    reps: { type: "string", default: "5" },
    only: { type: "string" },
    exports: { type: "boolean", default: false },
    api: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const places = values.customers.map((customers, index) => ({
  customers: Number(customers),
  databaseUrl: values["database-url"][index],
}));
if (
  places.length === 0 ||
  places.length !== values["database-url"].length ||
  places.some((place) => !Number.isInteger(place.customers) || (place.customers !== 0 && place.customers < 10))
) {
  console.error(
    "Usage: tsx bench/scale/measure-loaded.ts (--customers N --database-url URL)… [--reps 5] [--only regex] [--exports] [--api] [--out file.json]",
  );
  process.exit(2);
}
const only = values.only === undefined ? undefined : new RegExp(values.only);

async function main(): Promise<void> {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  buildIfNeeded();
  const sites: Site[] = [];
  try {
    for (const { customers, databaseUrl } of places) {
      const site = await openSite({
        databaseUrl,
        customers,
        restMs: 5_000,
        authSecret:
          process.env.AUTH_SECRET ?? createHash("sha256").update(`scale-bench ${databaseUrl}`).digest("base64"),
        progress: (line) => console.log(line),
        label: `${databaseUrl.startsWith("pglite:") ? "PGlite" : "PG"} ${customers.toLocaleString("en")}`,
      });
      sites.push({ ...site, reads: site.reads.filter((read) => only?.test(read.name) ?? true) });
    }
    const figures = await measureSites(sites, {
      reps: Number(values.reps),
      apiReps: Math.min(Number(values.reps), API_REPS),
      api: values.api,
      exports: values.exports,
      progress: (line) => console.log(line),
    });
    const names = [...new Set(sites.flatMap((site) => [...figures.get(site)!.keys()]))];
    const width = Math.max(...names.map((name) => name.length));
    const shown = (site: Site, name: string) => {
      const figure = figures.get(site)!.get(name)?.figure;
      if (!figure) return "—".padStart(12);
      const memory =
        figure.peakMb === undefined
          ? ""
          : `, +${figure.peakMb.toFixed(0)}/+${(figure.afterMb ?? 0).toFixed(0)} MB (peak/after)`;
      return `${figure.ms.toFixed(figure.ms < 10 ? 1 : 0)} ms${memory}`.padStart(12);
    };
    console.log(`${"".padEnd(width)}  ${sites.map((site) => site.label.padStart(12)).join("  ")}`);
    for (const name of names)
      console.log(`${name.padEnd(width)}  ${sites.map((site) => shown(site, name)).join("  ")}`);
    if (values.out) {
      const rows = sites.map((site) => ({
        customers: site.customers,
        figures: [...figures.get(site)!].map(([name, { figure }]) => ({ name, ...figure })),
      }));
      fs.writeFileSync(values.out, `${JSON.stringify(rows, null, 2)}\n`);
    }
  } finally {
    for (const site of sites) await site.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
