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
import { pauseDispatch } from "@/lib/domain/dispatch/pause-dispatch";
import { type DispatchState, readDispatch } from "@/lib/domain/dispatch/read-dispatch";
import { checkSealedSecrets, type SealedSecrets } from "@/lib/domain/sealed-secrets/check-sealed-secrets";
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

/** What a restored database lacks to be checked (`reason`): a backup from before it, or not this service's. */
type NotChecked = { checked: false; reason: string };

/**
 * A restore's summary, with the audit log's hash chain as the restored database holds it, checked
 * (a restore keeps the chain as it was: the trigger that chains entries is created after the data
 * is loaded, and the embedded database's files are copied as they are); `{ checked: false }` for a
 * backup from before the chain existed, whose entries are chained when the service migrates it.
 * Then what the copy needs before it acts on the world (issue 37): its dispatch of e-mails and
 * webhooks, paused by the restore, and whether this AUTH_SECRET opens what the backup holds sealed.
 */
export type RestoreSummary = BackupSummary & {
  audit_chain: AuditChainState | NotChecked;
  dispatch: DispatchState | NotChecked;
  sealed_secrets: SealedSecrets | NotChecked;
};

/** Why a restored copy does not send: the back office's banner and `dispatch status` show it. */
const RESTORED_PAUSE =
  "This database was restored from a backup: e-mails and webhooks wait until an operator resumes them, " +
  "once this copy is the one that should act (the source stopped, AUTH_SECRET the source's).";

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
  try {
    // Paused first: a server started on the copy before the checks end sends nothing.
    const dispatch = await unlessMissing("dispatch state", async () => {
      await pauseDispatch(RESTORED_PAUSE);
      return readDispatch();
    });
    return {
      ...summary,
      audit_chain: await unlessMissing("audit chain", () => verifyAuditChain({ full: true })),
      dispatch,
      sealed_secrets: await unlessMissing("sealed secrets of this service", checkSealedSecrets),
    };
  } finally {
    await closeDatabase();
  }
}

/**
 * `work` on the restored database, through the service's own client, or why it cannot be done: only
 * the want of a table, column or function (PostgreSQL's undefined_table, undefined_column,
 * undefined_function: a backup from before it, or of a database that is not this service's) is an
 * answer; anything else is a failure.
 */
async function unlessMissing<T>(what: string, work: () => Promise<T>): Promise<T | NotChecked> {
  try {
    return await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const prismaCode = (error as { code?: unknown }).code;
    if (!/Code: `(42P01|42703|42883)`/.test(message) && prismaCode !== "P2021" && prismaCode !== "P2022") throw error;
    return { checked: false, reason: `the backup holds no ${what} (${message})` };
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

/** What the operator must do before the restored copy acts on the world, in words, from its summary. */
export function restoreNotice({ dispatch, sealed_secrets: sealed }: RestoreSummary): string {
  const lines: string[] = [];
  if ("paused" in dispatch && dispatch.paused)
    lines.push(
      `E-mails and webhooks are paused on this copy: nothing is sent until you run \`${dispatch.resume_with}\` (beside the server, once this copy is the one that should act).`,
    );
  else if ("checked" in dispatch)
    lines.push(`Dispatch was NOT paused (${dispatch.reason}): a server started on this copy sends what waits at once.`);
  if ("checked" in sealed) return [...lines, `AUTH_SECRET not checked: ${sealed.reason}.`].join("\n");
  const lost = (["webhook_signing_secrets", "queued_email_links", "staff_two_factor", "customer_two_factor"] as const)
    .filter((kind) => sealed[kind].total > 0)
    .map((kind) => `${sealed[kind].total} ${kind.replaceAll("_", " ")}`);
  const held = lost.length > 0 ? `The backup holds sealed under its AUTH_SECRET: ${lost.join(", ")}.` : "";
  const source = sealed.auth_secret;
  if (source.from === "none")
    lines.push(
      `AUTH_SECRET is not set here${source.file ? ` and none is kept in ${source.file}` : ""}: set it to the source's AUTH_SECRET before starting a server, or a new one is made and what the backup holds sealed is lost. ${held}`.trim(),
    );
  else if (sealed.opens_all === false)
    lines.push(
      `This AUTH_SECRET (${source.from === "file" ? source.file : "AUTH_SECRET"}) is NOT the source's: what the backup holds sealed does not open. ${held} Set the source's AUTH_SECRET before resuming.`,
    );
  else if (sealed.opens_all === true)
    lines.push("This AUTH_SECRET opens what the backup holds sealed: it is the source's.");
  else
    lines.push(
      "The backup holds nothing sealed: any AUTH_SECRET will do, but staff sessions need the same one on every instance.",
    );
  return lines.join("\n");
}
