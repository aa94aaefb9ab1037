import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { writeBackupFile } from "@/lib/platform/db/backup-file";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { createTestDatabase, type TestDatabase } from "@/tooling/throwaway-database";
import { jsonLines, runCli, runScript } from "./support/cli";
import { enrolTwoFactor, signIn, totpCode } from "./support/staff";
import { TEST_AUTH_SECRET } from "./support/app";

/**
 * `npm run db:backup` and `npm run db:restore` (issue 29) on the database of this pass: the embedded
 * one in a directory of its own, or a PostgreSQL database when TEST_DATABASE_URL names a server.
 * Data of every kind is made through the running service; the backup is taken while registrations
 * keep arriving; the restore goes into a new, empty database, and a server started on it has every
 * row committed before the backup began, and the people in it can log in. Then what a restore refuses.
 */
const kind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
const ORIGIN = "https://app.example.com";
const PASSWORD = "correct horse battery staple";
const STAFF_PASSWORD = "staff password for backups";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
/** Registrations running side by side while the backup is taken. */
const CONCURRENT_REGISTRATIONS = 3;

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-backup-"));
const backupFile = path.join(directory, "remit.backup");
const serverEnv = { AUTH_SECRET: TEST_AUTH_SECRET, REGISTER_MAX_PER_IP: "100000", WEB_CONCURRENCY: "1" };

/** A database of this pass's kind: where it is, and how to read every row's key in it. */
type Place = { url: string; drop(): Promise<void> };

async function newPlace(name: string): Promise<Place> {
  if (kind === "pglite") {
    const dataDir = path.join(directory, name);
    return { url: `pglite:${dataDir}`, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database: TestDatabase = await createTestDatabase();
  return database;
}

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** Runs `work` with a query function on `place`'s database, opened straight (no server may hold an embedded one). */
async function withDatabase<T>(place: Place, work: (query: Query) => Promise<T>): Promise<T> {
  if (kind === "pglite") {
    const pglite = await PGlite.create(place.url.slice("pglite:".length));
    try {
      return await work(async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows);
    } finally {
      await pglite.close();
    }
  }
  const client = new pg.Client({ connectionString: place.url });
  await client.connect();
  try {
    return await work(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

/** Every row of every table, by table, as its primary key's text. Fails on a table without one. */
async function rowKeys(query: Query): Promise<Map<string, Set<string>>> {
  const tables = await query(
    `SELECT c.relname AS name,
            (SELECT string_agg(format('%I', a.attname), ', ' ORDER BY a.attnum)
               FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
              WHERE i.indrelid = c.oid AND i.indisprimary) AS key
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  const keys = new Map<string, Set<string>>();
  for (const { name, key } of tables as { name: string; key: string | null }[]) {
    assert.ok(key, `table ${name} has no primary key to compare rows by`);
    const rows = await query(`SELECT concat_ws('|', ${key})::text AS key FROM "${name}"`);
    keys.set(name, new Set(rows.map((row) => String(row.key))));
  }
  return keys;
}

const dbOn = (place: Place, ...args: string[]) => runScript("scripts/db.ts", { DATABASE_URL: place.url }, ...args);

describe(`backup and restore of ${kind === "pglite" ? "the embedded database" : "PostgreSQL"}`, () => {
  let source: Place;
  let restored: Place;
  let server: ServerProcess | undefined;
  let clientHeaders: Record<string, string>;
  let customer: { email: string; token: string };
  let staff: { email: string; secret: string };
  let countryId: number;
  /** Every row's key just before the backup began. */
  let keysBefore: Map<string, Set<string>>;
  /** Registrations answered 201 before the backup began. */
  const registeredBefore: string[] = [];
  /** The login tokens in the restored database, before a server ran on it. */
  let restoredLoginTokens: number | undefined;
  /** Registrations answered while the backup ran. */
  let registeredDuring = 0;
  let backupOutput: { code: number; stdout: string; stderr: string };
  /** How long each step of the preparation took, for the report. */
  const steps: string[] = [];
  let stepStart = Date.now();
  const stepDone = (name: string) => {
    steps.push(`${name} ${((Date.now() - stepStart) / 1000).toFixed(1)} s`);
    stepStart = Date.now();
  };

  const start = async (place: Place) => {
    server = await startServerProcess({ ...serverEnv, DATABASE_URL: place.url });
    return server;
  };
  const stop = async () => {
    await server?.stop();
    server = undefined;
  };
  const clientApi = (
    target: ServerProcess,
    route: string,
    init: { form?: Record<string, string>; token?: string } = {},
  ) =>
    target.fetch(`/client/v1/${route}`, {
      method: init.form ? "POST" : "GET",
      headers: {
        ...clientHeaders,
        ...(init.form ? FORM : {}),
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.form && new URLSearchParams(init.form).toString(),
    });
  const register = (target: ServerProcess, email: string) =>
    clientApi(target, "register", {
      form: {
        email,
        password: PASSWORD,
        confirm_password: PASSWORD,
        email_verification_url: `${ORIGIN}/verify/:token`,
      },
    });
  const login = (target: ServerProcess, email: string) =>
    clientApi(target, "login", { form: { email, password: PASSWORD } });

  before(async () => {
    source = await newPlace("source");
    restored = await newPlace("restored");
    const app = await start(source);
    stepDone("server started");
    const cli = (...args: string[]) => runCli({ DATABASE_URL: source.url }, ...args);

    // An API client and a staff member, made by the command line (each with its audit entry).
    const created = await cli("clients", "create", "--name", "Backed up", "--origin", ORIGIN);
    assert.equal(created.code, 0, created.stderr);
    const [client] = jsonLines(created.stdout);
    clientHeaders = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };
    staff = { email: "backups.admin@staff.example.org", secret: "" };
    const made = await cli("staff", "create", "--email", staff.email, "--role", "admin", "--password", STAFF_PASSWORD);
    assert.equal(made.code, 0, made.stderr);

    // The admin enrols in two-factor and edits reference data (an audited change).
    const { jar } = await signIn(app, staff.email, STAFF_PASSWORD);
    const admin = (route: string, init: RequestInit & { json?: unknown } = {}) =>
      fetch(`${app.url}${route}`, {
        ...init,
        headers: { Cookie: jar.header(), "Content-Type": "application/json" },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
    staff.secret = (await enrolTwoFactor(admin)).secret;
    const [country] = await (await admin("/api/admin/countries?range=[0,0]")).json();
    countryId = country.id;
    const edited = await admin(`/api/admin/countries/${countryId}`, {
      method: "PUT",
      json: { ...country, known_name: "Restored Land" },
    });
    assert.equal(edited.status, 200, await edited.text());

    // A customer with a session (a login token) and a verification e-mail in the outbox.
    customer = { email: `before.backup.${process.pid}@example.org`, token: "" };
    assert.equal((await register(app, customer.email)).status, 201);
    const loggedIn = await login(app, customer.email);
    assert.equal(loggedIn.status, 200);
    customer.token = (await loggedIn.json()).token;
    stepDone("data made");

    // The rows to find again. The embedded database can only be read by one process: the server stops meanwhile.
    if (kind === "pglite") await stop();
    keysBefore = await withDatabase(source, rowKeys);
    const loaded = server ?? (await start(source));
    stepDone("rows read");

    // Registrations keep arriving from before the backup begins until after it ends.
    let backingUp = true;
    let counter = 0;
    let backupStarted = false;
    let firstAnswered: () => void;
    const answered = new Promise<void>((resolve) => (firstAnswered = resolve));
    const load = Array.from({ length: CONCURRENT_REGISTRATIONS }, async () => {
      while (backingUp) {
        const email = `load.${process.pid}.${++counter}@example.org`;
        const startedBefore = !backupStarted;
        const response = await register(loaded, email);
        assert.equal(response.status, 201, await response.text());
        if (startedBefore && !backupStarted) registeredBefore.push(email);
        else if (backingUp) registeredDuring++;
        firstAnswered();
      }
    });
    await answered;
    backupStarted = true;
    backupOutput = await dbOn(source, "backup", backupFile).finally(() => (backingUp = false));
    await Promise.all(load);
    stepDone("backed up under load");
    await stop();
  });

  after(async () => {
    await stop();
    await source?.drop();
    await restored?.drop();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  test("the backup is written while the service runs and says which kind it is", (t) => {
    t.diagnostic(
      `${registeredBefore.length} registrations answered before the backup began, ${registeredDuring} while it ran`,
    );
    t.diagnostic(steps.join(", "));
    assert.equal(backupOutput.code, 0, backupOutput.stderr);
    const [summary] = jsonLines(backupOutput.stdout);
    assert.equal(summary.kind, kind);
    assert.equal(summary.size + 1024, fs.statSync(backupFile).size);
    if (kind === "pglite") assert.match(backupOutput.stderr, /Written by the server that holds/);
    assert.ok(registeredBefore.length > 0);
  });

  test("restored into an empty database: every row committed before the backup began is there", async () => {
    const restoredOut = await dbOn(restored, "restore", backupFile);
    assert.equal(restoredOut.code, 0, restoredOut.stderr);
    const keysAfter = await withDatabase(restored, rowKeys);
    restoredLoginTokens = keysAfter.get("login_tokens")?.size;
    assert.deepEqual([...keysAfter.keys()], [...keysBefore.keys()], "the same tables");
    for (const [table, keys] of keysBefore) {
      const missing = [...keys].filter((key) => !keysAfter.get(table)?.has(key));
      assert.deepEqual(missing, [], `rows of ${table} committed before the backup`);
    }
    for (const table of ["customers", "login_tokens", "api_clients", "staff", "audit_log", "email_outbox"])
      assert.ok((keysBefore.get(table)?.size ?? 0) > 0, `the test made rows of ${table}`);
    const emails = await withDatabase(restored, (query) => query("SELECT email FROM customers"));
    const found = new Set(emails.map((row) => row.email));
    assert.deepEqual(
      registeredBefore.filter((email) => !found.has(email)),
      [],
      "registrations answered before the backup began",
    );
  });

  test("a server on the restored database: its client, sessions, logins and two-factor work", async () => {
    const app = await start(restored);
    assert.equal((await clientApi(app, "me", { token: customer.token })).status, 200, "the session from before");
    assert.equal((await login(app, customer.email)).status, 200, "the customer's password");
    assert.equal((await login(app, registeredBefore[0])).status, 200, "a customer registered under load");

    const withoutCode = await signIn(app, staff.email, STAFF_PASSWORD);
    assert.equal(withoutCode.status, 401, "two-factor is still required");
    const signedIn = await signIn(app, staff.email, STAFF_PASSWORD, {}, await totpCode(staff.secret, 1));
    assert.equal(signedIn.status, 200);
    const country = await fetch(`${app.url}/api/admin/countries/${countryId}`, {
      headers: { Cookie: signedIn.jar.header() },
    });
    assert.equal((await country.json()).known_name, "Restored Land");
    await stop();
  });

  test("a restore into a database that is not empty is refused unless --force, which replaces what it holds", async () => {
    const refused = await dbOn(restored, "restore", backupFile);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /is not empty .*Nothing was restored.*--force/s);
    assert.equal(refused.stdout, "");

    const forced = await dbOn(restored, "restore", backupFile, "--force");
    assert.equal(forced.code, 0, forced.stderr);
    // The logins on the restored server made login tokens the backup does not hold: gone again.
    const [{ count }] = await withDatabase(restored, (query) =>
      query("SELECT count(*)::int AS count FROM login_tokens"),
    );
    assert.equal(count, restoredLoginTokens);
  });

  test("a missing, truncated, damaged or foreign file, or one of the other kind, is refused before the target is touched", async () => {
    const empty = await newPlace("untouched");
    try {
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

      const cases: [string, RegExp][] = [
        [path.join(directory, "no-such.backup"), /Cannot read the backup .*ENOENT/],
        [truncated, /is truncated or damaged/],
        [damaged, /is damaged: its content does not match/],
        [foreign, /is not a backup made by npm run db:backup/],
        [otherKind, /is a backup of .*does not convert/],
      ];
      const outcomes = await Promise.all(cases.map(([file]) => dbOn(empty, "restore", file)));
      cases.forEach(([file, message], index) => {
        assert.equal(outcomes[index].code, 2, `${file}: ${outcomes[index].stderr}`);
        assert.match(outcomes[index].stderr, message);
      });
      if (kind === "pglite") assert.ok(!fs.existsSync(empty.url.slice("pglite:".length)), "no directory made");
      else
        assert.deepEqual(
          await withDatabase(empty, (query) => query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")),
          [],
        );
    } finally {
      await empty.drop();
    }
  });
});
