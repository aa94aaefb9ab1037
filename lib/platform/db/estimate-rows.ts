/**
 * How many rows a big table holds, as the planner reckons it: pg_class's count at the last ANALYZE
 * scaled to the table's size now, read in microseconds where count(*) reads every row (seconds at
 * a million customers: docs/performance.md, "Lists at a million customers").
 */
import { db } from "./index";

/** The tables whose unfiltered lists may say "about N" (each list's own where is empty). */
export type EstimatedTable = "customers" | "audit_log" | "email_outbox";

/** The planner's row estimate of `table`; undefined before the table was ever analyzed. */
export async function estimatedRows(table: EstimatedTable): Promise<number | undefined> {
  const [row] = await db().$queryRaw<{ rows: number | null }[]>`
    SELECT (CASE WHEN c.relpages > 0
                 THEN c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int)
            END)::float8 AS rows
    FROM pg_class c WHERE c.oid = to_regclass(${table})`;
  return row?.rows == null || row.rows < 0 ? undefined : Math.round(row.rows);
}
