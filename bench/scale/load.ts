/**
 * `tsx bench/scale/load.ts --customers N --database-url URL`: the scale bench's population loaded
 * into a database that exists (PostgreSQL, or `pglite:<directory>`), on its own; prints the
 * report as one line of JSON. What test/scale-population.test.ts runs, and anyone who wants a big
 * database to look at. `--copy-from postgresql://…` instead copies a PostgreSQL database loaded
 * before into the embedded one of `--database-url pglite:<new directory>` (copy-population.ts).
 */
import { parseArgs } from "node:util";
import { copyPopulation } from "./copy-population";
import { loadPopulation } from "./load-population";

const { values } = parseArgs({
  options: {
    customers: { type: "string", default: "2000" },
    "database-url": { type: "string" },
    "copy-from": { type: "string" },
  },
});
const customers = Number(values.customers);
const databaseUrl = values["database-url"];
const copyFrom = values["copy-from"];
if (
  !Number.isInteger(customers) ||
  customers < 10 ||
  !databaseUrl ||
  (copyFrom !== undefined && !databaseUrl.startsWith("pglite:"))
) {
  console.error(
    "Usage: tsx bench/scale/load.ts --customers N (at least 10) --database-url postgresql://…|pglite:<dir>\n" +
      "       tsx bench/scale/load.ts --copy-from postgresql://… --database-url pglite:<new dir>",
  );
  process.exit(2);
}
const progress = (line: string) => console.error(line);
(copyFrom
  ? copyPopulation(copyFrom, databaseUrl.slice("pglite:".length), progress)
  : loadPopulation(databaseUrl, customers, progress)
)
  .then((report) => {
    console.log(JSON.stringify(report));
    process.exit(0);
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
