/**
 * `npm run db:backup` and `npm run db:restore` (scripts/db.ts): the database DATABASE_URL names (or
 * DIRECT_DATABASE_URL, past a pooler) to a backup file and back (lib/platform/db/backup-file.ts).
 * PostgreSQL through pg_dump and pg_restore; the embedded database through PGlite's dumpDataDir, run
 * by whichever process holds it (a running server does it for the command line, through its control
 * channel: the `database backup` command), and loadDataDir into a directory no process holds.
 * A restore goes into an empty target only, unless forced, and into the same kind of database the
 * backup is of: it does not convert between them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { config } from "@/lib/platform/config";
import { closeDatabase, dumpEmbeddedDatabase } from "@/lib/platform/db";
import { type AuditChainState, verifyAuditChain } from "@/lib/domain/audit/verify-audit-chain";
import {
  type BackupHeader,
  type BackupKind,
  BackupFileError,
  extractDump,
  readBackupFile,
  readDump,
  writeBackupFile,
} from "@/lib/platform/db/backup-file";
import { directoryInUse, restoreEmbeddedDatabase } from "@/lib/platform/db/pglite-restore";
import {
  countRelations,
  dumpPostgres,
  emptyPostgres,
  PostgresToolError,
  restorePostgres,
} from "@/lib/platform/db/postgres-backup";
import { databaseTarget, type DatabaseTarget } from "@/lib/platform/db/target";
import { CommandError } from "./command-error";

export type BackupSummary = BackupHeader & { file: string; database: string };

/**
 * A restore's summary, with the audit log's hash chain as the restored database holds it, checked
 * (a restore keeps the chain as it was: the trigger that chains entries is created after the data
 * is loaded, and the embedded database's files are copied as they are); `{ checked: false }` for a
 * backup from before the chain existed, whose entries are chained when the service migrates it.
 */
export type RestoreSummary = BackupSummary & { audit_chain: AuditChainState | { checked: false; reason: string } };

const KIND_NAMES = {
  pglite: "the embedded database (PGlite)",
  postgres: "a PostgreSQL database",
} satisfies Record<BackupKind, string>;

/** Past a pooler, straight to PostgreSQL: pg_dump and pg_restore hold one session throughout. */
function backupTarget(): DatabaseTarget {
  const { DATABASE_URL, DIRECT_DATABASE_URL } = config();
  return databaseTarget(DIRECT_DATABASE_URL ?? DATABASE_URL);
}

/** An embedded database's data directory, or a refusal for one in memory. */
function dataDirectory(target: DatabaseTarget & { kind: "pglite" }): string {
  if (!target.dataDir)
    throw new CommandError("DATABASE_URL is pglite:memory: a database in memory has nothing to back up or restore.");
  return target.dataDir;
}

/**
 * Writes a backup of this process's database to `file` (an absolute path). On the embedded database,
 * opens it (taking its lock) unless this process holds it already: throws DatabaseInUseError when
 * another process does, which should then be asked to run the `database backup` command.
 */
export async function backUpDatabase(file: string): Promise<BackupSummary> {
  const target = backupTarget();
  if (!fs.existsSync(path.dirname(file)))
    throw new CommandError(`There is no directory ${path.dirname(file)} to write the backup in. Nothing was written.`);
  const header = await failuresExplained(async () => {
    if (target.kind === "postgres")
      return writeBackupFile(file, "postgres", (dumpFile) => dumpPostgres(target.url, dumpFile));
    const dataDir = dataDirectory(target);
    if (!fs.existsSync(path.join(dataDir, "PG_VERSION")))
      throw new CommandError(`There is no embedded database in ${dataDir} to back up.`);
    return writeBackupFile(file, "pglite", await dumpEmbeddedDatabase());
  });
  return { file, database: target.description, ...header };
}

/**
 * Restores the backup in `file` into the database DATABASE_URL names, which must be empty unless
 * `force` (then what it holds is replaced). Checks the file whole before it touches the target.
 */
export async function restoreDatabase(file: string, { force }: { force: boolean }): Promise<RestoreSummary> {
  const target = backupTarget();
  const summary = await failuresExplained(async () => {
    const header = await readBackupFile(file);
    if (header.kind !== target.kind)
      throw new CommandError(
        `${file} is a backup of ${KIND_NAMES[header.kind]}, and DATABASE_URL names ${target.description}: ` +
          `restore it into ${KIND_NAMES[header.kind]} (a restore does not convert between the two).`,
      );
    const refuseNonEmpty = (what: string) => {
      throw new CommandError(
        `${target.description} is not empty (${what}). Nothing was restored: restore into an empty database, ` +
          "or add --force to replace everything in it with the backup.",
      );
    };
    if (target.kind === "postgres") {
      const relations = await countRelations(target.url);
      if (relations > 0 && !force) refuseNonEmpty(`${relations} tables, views or sequences`);
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-restore-"));
      try {
        const dumpFile = path.join(directory, "dump");
        await extractDump(file, dumpFile);
        if (relations > 0) await emptyPostgres(target.url);
        await restorePostgres(target.url, dumpFile);
      } finally {
        fs.rmSync(directory, { recursive: true, force: true });
      }
    } else {
      const dataDir = dataDirectory(target);
      if (directoryInUse(dataDir) && !force) refuseNonEmpty(`${dataDir} holds files`);
      await restoreEmbeddedDatabase(dataDir, readDump(file), force);
    }
    return { file, database: target.description, ...header };
  });
  return { ...summary, audit_chain: await checkedChain() };
}

/** The restored database's whole chain, through the service's own client (opened here, closed after). */
async function checkedChain(): Promise<RestoreSummary["audit_chain"]> {
  try {
    return await verifyAuditChain({ full: true });
  } catch (error) {
    // Only the want of the chain's table, column or function (PostgreSQL's undefined_table,
    // undefined_column, undefined_function: a backup from before the chain, or of a database that
    // is not this service's) is an answer; anything else is a failure.
    const message = error instanceof Error ? error.message : String(error);
    if (!/Code: `(42P01|42703|42883)`/.test(message)) throw error;
    return { checked: false, reason: `the backup holds no audit chain (${message})` };
  } finally {
    await closeDatabase();
  }
}

/** What the operator can act on becomes a CommandError; a running server holding the directory stays DatabaseInUseError. */
async function failuresExplained<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupFileError || error instanceof PostgresToolError) throw new CommandError(error.message);
    throw error;
  }
}
