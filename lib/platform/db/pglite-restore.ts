/**
 * Restores an embedded database from its data directory's tarball (PGlite's dumpDataDir): loaded by
 * PGlite (`loadDataDir`) into a directory of its own beside the target, opened and read once, and only
 * then renamed into place, so a restore that fails leaves the target as it was. The target's lock
 * (lib/platform/db/lock.ts) is held throughout: no server may have it open.
 */
import fs from "node:fs";
import { besideDataDirectory, lockDataDirectory } from "./lock";

/** Whether `dataDir` holds anything: a database, or files a restore would lose. */
export function directoryInUse(dataDir: string): boolean {
  try {
    return fs.readdirSync(dataDir).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/**
 * Loads `tarball` into `dataDir`, replacing what is there only when `replace` (the caller checked the
 * directory's emptiness otherwise); throws DatabaseInUseError when a process holds the directory.
 * Returns how many migrations the restored database has applied: it opens and answers.
 */
export async function restoreEmbeddedDatabase(
  dataDir: string,
  tarball: Uint8Array,
  replace: boolean,
): Promise<{ migrations: number }> {
  const lock = lockDataDirectory(dataDir);
  const draft = besideDataDirectory(dataDir, `.restoring-${process.pid}`);
  const replaced = besideDataDirectory(dataDir, `.replaced-${process.pid}`);
  try {
    if (directoryInUse(dataDir) && !replace) throw new Error(`${dataDir} is not empty`);
    fs.rmSync(draft, { recursive: true, force: true });
    // Loaded here, not on import: every server process carries this module (in its command channel), and one on PostgreSQL never restores.
    const { PGlite } = await import("@electric-sql/pglite");
    const pglite = await PGlite.create(draft, {
      loadDataDir: new Blob([new Uint8Array(tarball)], { type: "application/x-gzip" }),
    });
    let migrations: number;
    try {
      const { rows } = await pglite.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM _prisma_migrations WHERE finished_at IS NOT NULL",
      );
      migrations = rows[0].count;
    } finally {
      await pglite.close();
    }
    if (fs.existsSync(dataDir)) fs.renameSync(dataDir, replaced);
    fs.renameSync(draft, dataDir);
    fs.rmSync(replaced, { recursive: true, force: true });
    return { migrations };
  } finally {
    fs.rmSync(draft, { recursive: true, force: true });
    lock.release();
  }
}
