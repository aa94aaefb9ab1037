/**
 * A backup file (`npm run db:backup`): a header of fixed size, then the dump itself, either an embedded
 * database's data directory (PGlite's dumpDataDir, a gzipped tarball) or `pg_dump --format=custom`'s
 * archive. The header's first line names the format; the second, as JSON, which kind of database the
 * dump is of, when it was taken, and the dump's size and SHA-256, so that a restore refuses a truncated
 * or damaged file before it touches the target. A file is written under a name of its own and renamed
 * into place once complete: a backup that fails halfway leaves no file that looks whole.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { z } from "zod";

const MAGIC = "REMIT-DATABASE-BACKUP 1\n";
const HEADER_BYTES = 1024;

const backupHeader = z
  .object({
    kind: z.enum(["pglite", "postgres"]),
    created_at: z.iso.datetime(),
    /** The dump's size in bytes, after the header. */
    size: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();

export type BackupHeader = z.infer<typeof backupHeader>;
export type BackupKind = BackupHeader["kind"];

/** The file cannot be restored: missing, truncated, damaged or not a backup. The message says which. */
export class BackupFileError extends Error {}

/**
 * Writes `file` from a dump that `writeDump` writes to the path it is given (a file of its own beside
 * `file`, removed afterwards), or from the dump's bytes; returns the header written.
 */
export async function writeBackupFile(
  file: string,
  kind: BackupKind,
  dump: Uint8Array | ((dumpFile: string) => Promise<void>),
): Promise<BackupHeader> {
  const draft = `${file}.${process.pid}.partial`;
  const dumpFile = `${file}.${process.pid}.dump`;
  try {
    if (typeof dump === "function") await dump(dumpFile);
    else fs.writeFileSync(dumpFile, dump, { mode: 0o600 });
    const header: BackupHeader = {
      kind,
      created_at: new Date().toISOString(),
      size: fs.statSync(dumpFile).size,
      sha256: await fileDigest(dumpFile),
    };
    const encoded = `${MAGIC}${JSON.stringify(header)}\n`;
    if (Buffer.byteLength(encoded) > HEADER_BYTES) throw new Error("the backup header does not fit");
    fs.writeFileSync(draft, encoded.padEnd(HEADER_BYTES, " "), { flag: "wx", mode: 0o600 });
    await pipeline(fs.createReadStream(dumpFile), fs.createWriteStream(draft, { flags: "a" }));
    const handle = fs.openSync(draft, "r");
    try {
      fs.fsyncSync(handle);
    } finally {
      fs.closeSync(handle);
    }
    fs.renameSync(draft, file);
    return header;
  } finally {
    fs.rmSync(dumpFile, { force: true });
    fs.rmSync(draft, { force: true });
  }
}

/** Reads and checks `file`'s header, then its dump's size and digest; throws BackupFileError naming what is wrong. */
export async function readBackupFile(file: string): Promise<BackupHeader> {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(file);
  } catch (error) {
    throw new BackupFileError(`Cannot read the backup ${file} (${(error as NodeJS.ErrnoException).code}).`);
  }
  if (!stats.isFile())
    throw new BackupFileError(
      `${file} is ${stats.isDirectory() ? "a folder" : "not a file"}: give the backup file itself, the one file npm run db:backup wrote.`,
    );
  const size = stats.size;
  const start = Buffer.alloc(Math.min(size, HEADER_BYTES));
  const handle = fs.openSync(file, "r");
  try {
    fs.readSync(handle, start, 0, start.length, 0);
  } finally {
    fs.closeSync(handle);
  }
  const text = start.toString("utf8");
  if (!text.startsWith(MAGIC)) throw new BackupFileError(`${file} is not a backup made by npm run db:backup.`);
  const parsed = backupHeader.safeParse(safeJson(text.slice(MAGIC.length).split("\n")[0]));
  if (size < HEADER_BYTES || !parsed.success)
    throw new BackupFileError(`The backup ${file} is damaged: its header cannot be read.`);
  const header = parsed.data;
  if (size !== HEADER_BYTES + header.size)
    throw new BackupFileError(
      `The backup ${file} is truncated or damaged: ${size - HEADER_BYTES} bytes of dump where its header says ${header.size}.`,
    );
  if ((await fileDigest(file, HEADER_BYTES)) !== header.sha256)
    throw new BackupFileError(`The backup ${file} is damaged: its content does not match the digest in its header.`);
  return header;
}

/** The dump inside a checked backup file, copied to `dumpFile` (for pg_restore, which reads a file). */
export async function extractDump(file: string, dumpFile: string): Promise<void> {
  await pipeline(
    fs.createReadStream(file, { start: HEADER_BYTES }),
    fs.createWriteStream(dumpFile, { flags: "wx", mode: 0o600 }),
  );
}

/** The dump inside a checked backup file, in memory (an embedded database's tarball). */
export function readDump(file: string): Buffer {
  return fs.readFileSync(file).subarray(HEADER_BYTES);
}

async function fileDigest(file: string, start = 0): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(file, { start }), hash);
  return hash.digest("hex");
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
