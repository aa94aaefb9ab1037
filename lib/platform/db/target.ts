/** Which database DATABASE_URL names: embedded PGlite (on disk or in memory) or a PostgreSQL server. */
import path from "node:path";

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string | undefined; description: string }
  | { kind: "postgres"; url: string; description: string };

export const DEFAULT_PGLITE_DIR = path.join(".data", "db");

/** unset -> embedded PGlite in ./.data/db; pglite:memory; pglite:<dir>; postgres(ql)://... */
export function databaseTarget(url: string | undefined): DatabaseTarget {
  if (!url) {
    const dataDir = path.resolve(DEFAULT_PGLITE_DIR);
    return { kind: "pglite", dataDir, description: `embedded PostgreSQL (PGlite) in ${dataDir}` };
  }
  if (url === "pglite:memory") {
    return { kind: "pglite", dataDir: undefined, description: "embedded PostgreSQL (PGlite) in memory" };
  }
  if (url.startsWith("pglite:")) {
    const dataDir = path.resolve(url.slice("pglite:".length));
    return { kind: "pglite", dataDir, description: `embedded PostgreSQL (PGlite) in ${dataDir}` };
  }
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const safe = new URL(url);
    if (safe.password) safe.password = "***";
    return { kind: "postgres", url, description: `PostgreSQL at ${safe.toString()}` };
  }
  throw new Error(`DATABASE_URL must be pglite:<dir>, pglite:memory or postgresql://..., not "${url}"`);
}
