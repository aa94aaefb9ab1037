import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { raceForLock } from "./support/lock-race";

// The embedded database's lock (lib/platform/db/lock.ts), raced for by real processes. Whatever database the
// rest of the suite runs on: the lock is the embedded database's.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-lock-"));
after(() => fs.rmSync(directory, { recursive: true, force: true }));

let directories = 0;
const freshDataDir = () => path.join(directory, `db${++directories}`);
const lockOf = (dataDir: string) => fs.readFileSync(`${dataDir}.lock`, "utf8");

/** The pid of a process that has come and gone. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ["-e", ""]);
  return pid;
}

/** A lock file as a process that held the lock and died would have left it. */
function writeLock(file: string, pid: number, startedAt: string | null = null): string {
  const content = JSON.stringify({ pid, startedAt, nonce: `${pid}-${file}`, program: "scripts/start.mjs" });
  fs.writeFileSync(file, content);
  return content;
}

/** Exactly one contender won; every other one names it. */
function assertOneWinner(contenders: { pid: number; won: boolean; holder?: number }[]): number {
  const winners = contenders.filter((contender) => contender.won);
  assert.equal(winners.length, 1, `exactly one takes the lock: ${JSON.stringify(contenders)}`);
  const [winner] = winners;
  for (const loser of contenders.filter((contender) => !contender.won))
    assert.equal(loser.holder, winner.pid, "the others name the holder");
  return winner.pid;
}

/** Eight processes race for `dataDir`'s lock: exactly one holds it, and the lock file names it; then all let go. */
async function raceForLockWithOneWinner(dataDir: string): Promise<void> {
  const race = await raceForLock(dataDir, 8);
  try {
    const winner = assertOneWinner(race.contenders);
    assert.equal(JSON.parse(lockOf(dataDir)).pid, winner);
  } finally {
    await race.release();
  }
}

test("of processes racing for a free data directory exactly one takes it, the others name it, and it is free once released", async () => {
  const dataDir = freshDataDir();
  await raceForLockWithOneWinner(dataDir);
  assert.ok(!fs.existsSync(`${dataDir}.lock`), "released on the way out");
  const next = await raceForLock(dataDir, 1);
  await next.release();
  assert.ok(next.contenders[0].won);
});

test("a lock left by a process that died is taken over, by exactly one of the processes racing for it", async () => {
  // A few rounds: two processes both replacing the stale lock would show in some of them, not all.
  for (let round = 0; round < 3; round++) {
    const dataDir = freshDataDir();
    writeLock(`${dataDir}.lock`, deadPid());
    await raceForLockWithOneWinner(dataDir);
  }
});

test("a takeover left half-done by a process that died does not block the next", async () => {
  const dataDir = freshDataDir();
  const stale = writeLock(`${dataDir}.lock`, deadPid());
  // The claim a replacer holds while it replaces that lock: it died holding it.
  writeLock(`${dataDir}.lock.${createHash("sha256").update(stale).digest("hex").slice(0, 16)}.claim`, deadPid());
  const race = await raceForLock(dataDir, 4);
  try {
    assertOneWinner(race.contenders);
  } finally {
    await race.release();
  }
});

test("a lock naming a pid that now belongs to another process (a restart reused it) is stale", {
  skip: process.platform !== "linux" && "start times are read from Linux's /proc",
}, async () => {
  const dataDir = freshDataDir();
  // This test runner is alive, but it is not the process that wrote this lock: that one started at tick 1.
  writeLock(`${dataDir}.lock`, process.pid, "1");
  const race = await raceForLock(dataDir, 2);
  try {
    assertOneWinner(race.contenders);
  } finally {
    await race.release();
  }
});

test("a lock file that is not a lock (empty, edited by hand) names nobody and is taken over", async () => {
  const dataDir = freshDataDir();
  fs.writeFileSync(`${dataDir}.lock`, "");
  const race = await raceForLock(dataDir, 2);
  try {
    assertOneWinner(race.contenders);
  } finally {
    await race.release();
  }
});
