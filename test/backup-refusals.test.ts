import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { writeBackupFile } from "@/lib/platform/db/backup-file";
import { dumpPostgres } from "@/lib/platform/db/postgres-backup";
import { backupKind as kind, dbOn, newPlace, type Place, withDatabase } from "./support/backups";
import { jsonLines } from "./support/cli";

/**
 * What `npm run db:restore` refuses (exit 2, a message, the target untouched) and what `--force`
 * does, on the database of this pass (test/support/backups.ts), with a small database made here
 * rather than the service's: a table of two rows beside the migrations table a restore reads back.
 * The whole journey (data of every kind, a backup under load, a server on the restore):
 * test/backup-restore.test.ts.
 */
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-backup-refusals-"));
const backupFile = path.join(directory, "small.backup");
const MADE = [
  "CREATE TABLE _prisma_migrations (id text PRIMARY KEY, finished_at timestamptz)",
  "INSERT INTO _prisma_migrations VALUES ('0001_init', now())",
  "CREATE TABLE kept (id int PRIMARY KEY)",
  "INSERT INTO kept VALUES (1), (2)",
];

type Outcome = { code: number; stdout: string; stderr: string };

describe(`what a restore of ${kind === "pglite" ? "the embedded database" : "PostgreSQL"} refuses`, () => {
  let source: Place;
  let occupied: Place;
  let empty: Place;
  let restored: Place;

  before(async () => {
    [source, occupied, empty, restored] = await Promise.all(
      ["source", "occupied", "empty", "restored"].map((name) => newPlace(directory, name)),
    );
    await withDatabase(source, async (query) => {
      for (const statement of MADE) await query(statement);
    });
    await withDatabase(occupied, (query) => query("CREATE TABLE other (id int PRIMARY KEY)"));
    if (kind === "pglite") {
      // The embedded database's tarball, as a server's dumpDataDir writes it.
      const pglite = await PGlite.create(source.url.slice("pglite:".length));
      const tarball = new Uint8Array(await (await pglite.dumpDataDir("gzip")).arrayBuffer());
      await pglite.close();
      await writeBackupFile(backupFile, "pglite", tarball);
    } else {
      await writeBackupFile(backupFile, "postgres", (dumpFile) => dumpPostgres(source.url, dumpFile));
    }
  });

  after(async () => {
    await Promise.all([source, occupied, empty, restored].map((place) => place?.drop()));
    fs.rmSync(directory, { recursive: true, force: true });
  });

  // Each is a process of its own: they run side by side, with a backup taken by the command line itself.
  test("refused with exit 2 before anything is touched: a target that is not empty, a missing, truncated, damaged or foreign file, a folder, one of the other kind, a backup into a missing directory", async () => {
    const truncated = path.join(directory, "truncated.backup");
    fs.writeFileSync(truncated, fs.readFileSync(backupFile).subarray(0, fs.statSync(backupFile).size - 100));
    const damaged = path.join(directory, "damaged.backup");
    const bytes = fs.readFileSync(backupFile);
    bytes[bytes.length - 10] ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    const foreign = path.join(directory, "foreign.backup");
    fs.writeFileSync(foreign, "PGDMP not ours\n");
    const otherKind = path.join(directory, "other-kind.backup");
    await writeBackupFile(otherKind, kind === "pglite" ? "postgres" : "pglite", new Uint8Array([1, 2, 3]));

    const refusals: [Promise<Outcome>, RegExp][] = [
      [dbOn(occupied, "restore", backupFile), /is not empty .*Nothing was restored.*--force/s],
      [dbOn(empty, "restore", path.join(directory, "no-such.backup")), /Cannot read the backup .*ENOENT/],
      [dbOn(empty, "restore", directory), /is a folder: give the backup file itself/],
      [dbOn(empty, "restore", truncated), /is truncated or damaged/],
      [dbOn(empty, "restore", damaged), /is damaged: its content does not match/],
      [dbOn(empty, "restore", foreign), /is not a backup made by npm run db:backup/],
      [dbOn(empty, "restore", otherKind), /is a backup of .*does not convert/],
      [dbOn(empty, "restore"), /Usage: npm run db:restore -- <file> \[--force\]/],
      [
        dbOn(source, "backup", path.join(directory, "no-such-directory", "x.backup")),
        /There is no directory .*no-such-directory to write the backup in/,
      ],
    ];
    const outcomes = await Promise.all(refusals.map(([outcome]) => outcome));
    refusals.forEach(([, message], index) => {
      assert.equal(outcomes[index].code, 2, outcomes[index].stderr);
      assert.match(outcomes[index].stderr, message);
      assert.doesNotMatch(outcomes[index].stderr, /EISDIR|\n\s+at /, "a message, not a raw error or a stack");
      assert.equal(outcomes[index].stdout, "");
    });
    if (kind === "pglite") assert.ok(!fs.existsSync(empty.url.slice("pglite:".length)), "no directory made");
    else
      assert.deepEqual(
        await withDatabase(empty, (query) => query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")),
        [],
      );
    assert.deepEqual(
      await withDatabase(occupied, (query) => query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")),
      [{ tablename: "other" }],
      "the database that is not empty is as it was",
    );
  });

  test("with no server running, db:backup opens the database itself; the backup restores into an empty database", async () => {
    const again = path.join(directory, "again.backup");
    const written = await dbOn(source, "backup", again);
    assert.equal(written.code, 0, written.stderr);
    assert.doesNotMatch(written.stderr, /Written by the server/);
    assert.equal(jsonLines(written.stdout)[0].kind, kind);

    const outcome = await dbOn(restored, "restore", again);
    assert.equal(outcome.code, 0, outcome.stderr);
    const [{ audit_chain: chain }] = jsonLines(outcome.stdout);
    assert.equal(chain.checked, false, "a database with no audit log has no chain to check, and says so");
    assert.deepEqual(await withDatabase(restored, (query) => query("SELECT id FROM kept ORDER BY id")), [
      { id: 1 },
      { id: 2 },
    ]);
  });

  test("with --force, a restore replaces everything the target holds", async () => {
    const forced = await dbOn(occupied, "restore", backupFile, "--force");
    assert.equal(forced.code, 0, forced.stderr);
    assert.deepEqual(
      await withDatabase(occupied, (query) =>
        query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"),
      ),
      [{ tablename: "_prisma_migrations" }, { tablename: "kept" }],
    );
  });
});
