/**
 * The scale bench's population in an embedded database, copied table by table from a PostgreSQL
 * database the loader filled (load-population.ts): the same rows, hashes and chain. PGlite runs the
 * loader's SQL too, but in one WebAssembly thread, computing every value: 42 s at 10,000 customers.
 * COPY only parses rows, and the indexes are made once, after (docs/performance.md, "The embedded
 * database at 100,000 customers"). Needs `psql` (PostgreSQL's client, beside every PostgreSQL).
 */
import { spawn } from "node:child_process";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { embeddedDatabaseOptions } from "@/lib/platform/db/pglite-options";
import { LOADER_SETTINGS, migrateAndSeed } from "./load-population";
import { indexesMadeAgain, indexesSetAside } from "./population-sql";

/** What one COPY into the embedded database takes at most: it holds the batch in memory twice. */
const BATCH_BYTES = 32 * 1024 * 1024;

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Copies every table of the PostgreSQL database `fromUrl` into a new embedded database in `directory`. */
export async function copyPopulation(
  fromUrl: string,
  directory: string,
  progress: (line: string) => void = () => {},
): Promise<{ seconds: number }> {
  const started = performance.now();
  migrateAndSeed(`pglite:${directory}`);
  const source = new pg.Client({ connectionString: fromUrl });
  await source.connect();
  const target = await PGlite.create(embeddedDatabaseOptions(directory));
  try {
    const { rows: tables } = await source.query<{ name: string; columns: string[] }>(`
      SELECT table_name AS name, array_agg(column_name::text ORDER BY ordinal_position) AS columns
      FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name <> '_prisma_migrations' AND is_generated = 'NEVER'
      GROUP BY table_name ORDER BY table_name`);
    // Neither triggers (the audit chain's would chain the entries again) nor foreign keys while copying.
    await target.exec(`${LOADER_SETTINGS}; SET session_replication_role = replica;`);
    await target.exec(indexesSetAside(tables.map((table) => table.name)));
    await target.exec(`TRUNCATE ${tables.map((table) => identifier(table.name)).join(", ")}`);
    for (const table of tables) {
      const tableStarted = performance.now();
      const rows = await copyTable(fromUrl, table, target);
      if (rows > 0)
        progress(
          `  ${table.name}: ${rows.toLocaleString("en")} rows, ${((performance.now() - tableStarted) / 1000).toFixed(1)} s`,
        );
    }
    const indexesStarted = performance.now();
    await target.exec(indexesMadeAgain);
    progress(`  indexes made: ${((performance.now() - indexesStarted) / 1000).toFixed(1)} s`);
    const { rows: sequences } = await source.query<{ name: string; value: string }>(
      "SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = current_schema() AND last_value IS NOT NULL",
    );
    for (const sequence of sequences) {
      await target.query("SELECT setval($1, $2::bigint)", [identifier(sequence.name), sequence.value]);
    }
    await target.exec("SET session_replication_role = origin");
    // A statement of its own: VACUUM refuses to run in the transaction a multi-statement query makes.
    await target.exec("VACUUM ANALYZE");
  } finally {
    await target.close();
    await source.end();
  }
  return { seconds: (performance.now() - started) / 1000 };
}

/** One table's rows, in batches of whole lines of COPY's text format (a newline inside a value is written `\n`). */
async function copyTable(fromUrl: string, table: { name: string; columns: string[] }, target: PGlite): Promise<number> {
  const columns = `${identifier(table.name)} (${table.columns.map(identifier).join(", ")})`;
  const child = spawn("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", fromUrl, "-c", `COPY ${columns} TO STDOUT`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  let rows = 0;
  const load = async (batch: Buffer) => {
    for (const byte of batch) if (byte === 10) rows++;
    await target.query(`COPY ${columns} FROM '/dev/blob'`, [], { blob: new Blob([new Uint8Array(batch)]) });
  };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < BATCH_BYTES) continue;
    const joined = Buffer.concat(pending);
    const end = joined.lastIndexOf(10) + 1;
    await load(joined.subarray(0, end));
    pending = [joined.subarray(end)];
    pendingBytes = joined.length - end;
  }
  const code = await exited;
  if (code !== 0) throw new Error(`psql COPY ${table.name} TO STDOUT exited with ${code}: ${stderr}`);
  if (pendingBytes > 0) await load(Buffer.concat(pending));
  return rows;
}
