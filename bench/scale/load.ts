/**
 * `tsx bench/scale/load.ts --customers N --database-url URL`: the scale bench's population loaded
 * into a database that exists (PostgreSQL, or `pglite:<directory>`), on its own; prints the
 * report as one line of JSON. What test/scale-population.test.ts runs, and anyone who wants a big
 * database to look at.
 */
import { parseArgs } from "node:util";
import { loadPopulation } from "./load-population";

const { values } = parseArgs({
  options: { customers: { type: "string", default: "2000" }, "database-url": { type: "string" } },
});
const customers = Number(values.customers);
if (!Number.isInteger(customers) || customers < 10 || !values["database-url"]) {
  console.error(
    "Usage: tsx bench/scale/load.ts --customers N (at least 10) --database-url postgresql://…|pglite:<dir>",
  );
  process.exit(2);
}
loadPopulation(values["database-url"], customers, (line) => console.error(line))
  .then((report) => {
    console.log(JSON.stringify(report));
    process.exit(0);
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
