/**
 * The embedded database's data directory belongs to one process at a time. PGlite has no lock of
 * its own: two processes on one directory each work on their own copy in memory, and whichever
 * writes last wins, so the other's changes are lost. Whoever opens the directory first holds
 * `<dir>.lock`, a small file naming its process; a second opener stops before touching anything,
 * with an error that names the holder.
 *
 * A lock file is written whole under a name of its own and then linked into place, which fails if
 * the name is taken: nobody ever reads half a lock, and of two openers exactly one links first.
 * A lock whose process is gone (kill -9, a crash, a reboot) is stale and is replaced, never deleted,
 * so the name is never free for a moment in which two newcomers could both take it: the replacer
 * first takes a claim on that very lock (`<lock>.<digest of its content>.claim`, taken the same way
 * as the lock), checks the lock is still that one, and renames a link to its own file over it. Of
 * processes racing to replace one stale lock, one holds the claim; the others wait for it and then
 * find a live holder. A claim left by a replacer that died is a stale lock in its turn.
 *
 * Why not proper-lockfile: it judges a lock stale by its age (the holder touches it every few
 * seconds), so a restart after kill -9 waits out that age, a busy event loop can lose the lock, and
 * its takeover (remove the stale lock, then create one) lets two racing processes both believe they
 * hold it. Nor does it say who holds a lock. Here a lock is stale exactly when its process is gone.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { processGlobal } from "@/lib/platform/runtime/process-global";

/** What a lock file holds. `startedAt` (Linux) tells a live process apart from a later one with the same pid. */
type LockRecord = { pid: number; startedAt: string | null; nonce: string; program: string };

export type LockHolder = { pid: number; program: string };

export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.program}); ` +
        `only one process at a time may open it. Stop that process first (Ctrl-C in its terminal, or kill ${holder.pid}), ` +
        "or give this one a directory of its own: `DATABASE_URL=pglite:.data/dev npm run dev`. " +
        "While a server runs, `npm run cli` hands its commands to that server.",
    );
  }
}

export type DataDirectoryLock = { release(): void };

/** How long to wait for another process that is replacing the same stale lock (it takes microseconds). */
const TAKEOVER_WAIT_MS = 5_000;

// The locks this process holds, by file, released on exit should nobody release them before.
const held = processGlobal("data-directory-locks", () => {
  const locks = new Map<string, string>();
  process.once("exit", () => {
    for (const [file, content] of locks) removeIfStill(file, content);
  });
  return locks;
});

/** A file that belongs to `dataDir`, beside it and named after it: `.data/db` → `.data/db<suffix>`. */
export function besideDataDirectory(dataDir: string, suffix: string): string {
  const parent = path.dirname(path.resolve(dataDir));
  fs.mkdirSync(parent, { recursive: true });
  // Two spellings of one directory (a symlink, say) must find the same lock.
  return path.join(fs.realpathSync(parent), `${path.basename(dataDir)}${suffix}`);
}

/** Takes `dataDir`'s lock for this process, or throws DatabaseInUseError naming the process that holds it. */
export function lockDataDirectory(dataDir: string): DataDirectoryLock {
  const file = besideDataDirectory(dataDir, ".lock");
  const record: LockRecord = {
    pid: process.pid,
    startedAt: processStat(process.pid)?.startedAt ?? null,
    nonce: randomUUID(),
    program: process.argv[1] ? path.relative(process.cwd(), process.argv[1]) : process.title,
  };
  const content = JSON.stringify(record);
  const draft = `${file}.${record.nonce}.tmp`;
  fs.writeFileSync(draft, content, { flag: "wx", mode: 0o644 });
  try {
    const holder = take(file, draft, Date.now() + TAKEOVER_WAIT_MS);
    if (holder) throw new DatabaseInUseError(path.resolve(dataDir), { pid: holder.pid, program: holder.program });
  } finally {
    fs.rmSync(draft, { force: true });
  }
  held.set(file, content);
  return {
    release() {
      if (held.get(file) !== content) return;
      held.delete(file);
      removeIfStill(file, content);
    },
  };
}

/**
 * Throws DatabaseInUseError naming the running process that holds `dataDir`'s lock, if one does,
 * without taking the lock: for `npm start` to stop before it builds (scripts/prepare.ts).
 */
export function checkDataDirectoryFree(dataDir: string): void {
  const found = read(besideDataDirectory(dataDir, ".lock"));
  const holder = found === undefined ? undefined : parse(found);
  if (holder && isRunning(holder))
    throw new DatabaseInUseError(path.resolve(dataDir), { pid: holder.pid, program: holder.program });
}

/**
 * Puts a link to `draft` (a complete lock file) at `name`, replacing a stale one, unless a running
 * process holds `name`: then returns that process.
 */
function take(name: string, draft: string, deadline: number): LockRecord | undefined {
  for (;;) {
    if (linkUnlessTaken(draft, name)) return undefined;
    const found = read(name);
    if (found === undefined) continue; // released meanwhile: link again
    const holder = parse(found);
    if (holder && isRunning(holder)) return holder;

    const claim = `${name}.${createHash("sha256").update(found).digest("hex").slice(0, 16)}.claim`;
    const claimant = take(claim, draft, deadline);
    if (claimant) {
      // Another process is replacing this same stale lock: once it is done, its lock is the holder.
      if (Date.now() > deadline)
        throw new Error(`${name} is stale, but process ${claimant.pid} has been replacing it for too long`);
      pause(10);
      continue;
    }
    try {
      // Holding the claim, nobody else can replace this stale lock, and its dead holder will not remove it.
      if (read(name) !== found) continue;
      const placed = `${draft}.${randomUUID()}`;
      fs.linkSync(draft, placed);
      fs.renameSync(placed, name);
      return undefined;
    } finally {
      fs.rmSync(claim, { force: true });
    }
  }
}

function linkUnlessTaken(existing: string, name: string): boolean {
  try {
    fs.linkSync(existing, name);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function read(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** A lock file that is not one of ours (edited by hand, say) names no holder: it is stale. */
function parse(content: string): LockRecord | undefined {
  try {
    const record = JSON.parse(content) as LockRecord;
    return Number.isInteger(record?.pid) && record.pid > 0 ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Removes `file` if it still holds `content`: a live holder's lock is never replaced, so nothing changes it between the two. */
function removeIfStill(file: string, content: string): void {
  if (read(file) === content) fs.rmSync(file, { force: true });
}

function isRunning({ pid, startedAt, nonce }: LockRecord): boolean {
  // This process's pid in a lock it does not hold: the lock of an earlier life of this pid (a container restarted, say).
  if (pid === process.pid) return [...held.values()].some((content) => parse(content)?.nonce === nonce);
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  const now = processStat(pid);
  if (now?.state === "Z") return false; // killed, not yet reaped by its parent
  // Unknown on one side or the other (not Linux, /proc hidden): the pid alone has to do.
  return startedAt === null || !now || now.startedAt === startedAt;
}

/** Linux's /proc/<pid>/stat: the state (field 3) and when the process started, in clock ticks since boot (field 22). */
function processStat(pid: number): { state: string; startedAt: string } | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // Field 2, the program's name, is in parentheses and may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0], startedAt: fields[19] };
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
