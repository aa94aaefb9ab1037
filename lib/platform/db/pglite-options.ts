/**
 * How an embedded database is opened (the server's database thread, the scale bench's loaders):
 * with pg_trgm, and with a write-ahead log that cannot stop it. PGlite runs PostgreSQL in
 * single-user mode, with no checkpointer: once the log written since the last checkpoint passes
 * max_wal_size / (1 + checkpoint_completion_target), some 540 MB at the defaults, the next write
 * spins for ever, a core busy and nothing written (test/pglite-wal.test.ts). So the limit is set
 * out of reach, and the database thread checkpoints every CHECKPOINT_INTERVAL_MS itself, as
 * PostgreSQL's checkpointer would at its default checkpoint_timeout, which keeps the log small.
 */
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const CHECKPOINT_INTERVAL_MS = 5 * 60 * 1000;

/** A limit no run between two checkpoints reaches (PostgreSQL's most is about 2 TB). */
const MAX_WAL_SIZE = "1TB";

/** `dataDir` undefined: a database in memory. */
export function embeddedDatabaseOptions(dataDir: string | undefined) {
  return {
    dataDir,
    // pg_trgm: the back office's substring searches (prisma/schema.prisma); loaded into every embedded database.
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, "-c", `max_wal_size=${MAX_WAL_SIZE}`],
  } satisfies PGliteOptions;
}
