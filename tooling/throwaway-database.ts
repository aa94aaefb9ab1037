/**
 * Where a test file's database lives: embedded (PGlite) by default, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, in a database of its own made on that server and dropped afterwards,
 * so test files never see each other's rows. The bench passes the server to use.
 * A prepared one (migrated and seeded) is a copy of a template made once per state of the
 * migrations and the seed: on PostgreSQL a database (CREATE DATABASE … TEMPLATE), embedded a data
 * directory copied into one of the file's own. Either takes under a second, where migrating a fresh
 * database takes a test file 15–40 s of a busy machine (10 s of CPU on PGlite).
 */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { waitForLock } from "./wait-for-lock";

export type TestDatabase = { url: string; drop(): Promise<void> };

/** An empty database (the migrations' own tests start from nothing). */
export async function createTestDatabase(base = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  return makeDatabase(base);
}

/** A migrated and seeded database, as the server prepares one (`prepareDatabase` then finds nothing to do). */
export async function createPreparedTestDatabase(base = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  if (!base) return copyOfEmbeddedTemplate();
  return fromTemplate(base, (template) => makeDatabase(base, template));
}

/** What a template's content follows: the migrations, the schema and the seed's data and code. */
const TEMPLATE_INPUTS = ["prisma", "lib/domain/reference-data", "lib/platform/db/migrations.ts"];

function templateName(): string {
  const hash = createHash("sha256");
  const visit = (relative: string) => {
    if (fs.statSync(relative).isDirectory()) {
      for (const entry of fs.readdirSync(relative).sort()) visit(path.join(relative, entry));
    } else {
      hash.update(relative).update("\0").update(fs.readFileSync(relative)).update("\0");
    }
  };
  TEMPLATE_INPUTS.forEach(visit);
  return `remit_template_${hash.digest("hex").slice(0, 16)}`;
}

/** Migrates and seeds the database DATABASE_URL `url` names, as `npm run db:migrate` and `db:seed` would. */
function migrateAndSeed(url: string): void {
  for (const command of ["migrate", "seed"]) {
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/db.ts", command], {
      env: { ...process.env, DATABASE_URL: url, DIRECT_DATABASE_URL: "" },
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`db ${command} on the test template failed:\n${result.stderr}`);
  }
}

/** Where this checkout keeps its embedded templates (.data is ignored by git). */
const EMBEDDED_TEMPLATES = path.resolve(".data", "test-templates");

/**
 * Copies the embedded template for today's migrations and seed into `dataDir` (which must not
 * exist yet), for a test whose server process or command line opens a directory it names. One
 * process makes the template while the others wait (its data directory's lock, lib/platform/db/
 * lock.ts: CI's two passes start three files at once that want it), under a draft name renamed only
 * once complete, and removes the templates of other states.
 */
export function copyEmbeddedTemplate(dataDir: string): void {
  const template = path.join(EMBEDDED_TEMPLATES, templateName());
  if (!fs.existsSync(template)) {
    const lock = waitForLock(template);
    const draft = `${template}.draft`;
    try {
      if (!fs.existsSync(template)) {
        fs.rmSync(draft, { recursive: true, force: true });
        migrateAndSeed(`pglite:${draft}`);
        fs.renameSync(draft, template);
        for (const entry of fs.readdirSync(EMBEDDED_TEMPLATES)) {
          if (!entry.startsWith(path.basename(template)))
            fs.rmSync(path.join(EMBEDDED_TEMPLATES, entry), { recursive: true, force: true });
        }
      }
    } finally {
      fs.rmSync(draft, { recursive: true, force: true });
      lock.release();
    }
  }
  fs.cpSync(template, dataDir, { recursive: true, errorOnExist: true, force: false });
}

/** A data directory of its own in a temporary directory, copied from the embedded template. */
function copyOfEmbeddedTemplate(): TestDatabase {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "remit-test-db-"));
  const dataDir = path.join(parent, "db");
  copyEmbeddedTemplate(dataDir);
  return {
    url: `pglite:${dataDir}`,
    drop: async () => fs.rmSync(parent, { recursive: true, force: true }),
  };
}

/**
 * `copy` of the template database for today's migrations and seed, the template made if missing.
 * Under an advisory lock: one process makes it while the others wait, under a draft name renamed
 * only once complete (never half made), and the copy is made before the lock is let go, so a
 * checkout of other migrations (which drops the templates of other states as it makes its own)
 * cannot drop it in between.
 */
async function fromTemplate<T>(base: string, copy: (template: string) => Promise<T>): Promise<T> {
  const name = templateName();
  // An advisory lock belongs to the database it is taken in: taken in the server's own `postgres`
  // database, it holds for every checkout and suite on the server, whichever database their
  // TEST_DATABASE_URL names (CI's pass and another checkout's tests, on two, dropped each other's
  // draft as a template of another state).
  const server = new URL(base);
  server.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(hashtext('remit_template'))");
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      const draft = `${name}_draft`;
      await admin.query(`DROP DATABASE IF EXISTS ${draft} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${draft}`);
      const url = new URL(base);
      url.pathname = `/${draft}`;
      migrateAndSeed(url.toString());
      await admin.query(`ALTER DATABASE ${draft} RENAME TO ${name}`);
      const stale = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'remit\\_template\\_%' AND datname <> $1",
        [name],
      );
      for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
    }
    return await copy(name);
  } finally {
    await admin.query("SELECT pg_advisory_unlock(hashtext('remit_template'))").catch(() => {});
    await admin.end();
  }
}

async function makeDatabase(base: string | undefined, template?: string): Promise<TestDatabase> {
  if (!base) return { url: "pglite:memory", drop: async () => {} };
  const name = `remit_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
