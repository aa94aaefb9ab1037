import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { backupKind, dbOn, newPlace, type Place, type Query, withDatabase } from "./support/backups";
import { jsonLines, runCli } from "./support/cli";
import { enrolTwoFactor, signIn, totpCode } from "./support/staff";
import { TEST_AUTH_SECRET } from "./support/app";

/**
 * `npm run db:backup` and `npm run db:restore` (issue 29) on the database of this pass: the embedded
 * one in a directory of its own, or a PostgreSQL database when TEST_DATABASE_URL names a server.
 * Data of every kind is made through the running service; the backup is taken while registrations
 * keep arriving; the restore goes into a new, empty database, and a server started on it has every
 * row committed before the backup began, and the people in it can log in. What a restore refuses:
 * test/backup-refusals.test.ts.
 */
const kind = backupKind;
const ORIGIN = "https://app.example.com";
const PASSWORD = "correct horse battery staple";
const STAFF_PASSWORD = "staff password for backups";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
/** Registrations running side by side while the backup is taken. */
const CONCURRENT_REGISTRATIONS = 2;

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-backup-"));
const backupFile = path.join(directory, "remit.backup");
const serverEnv = { AUTH_SECRET: TEST_AUTH_SECRET, REGISTER_MAX_PER_IP: "100000", WEB_CONCURRENCY: "1" };

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
    source = await newPlace(directory, "source");
    restored = await newPlace(directory, "restored");
    const app = await start(source);
    stepDone("server started");
    const cli = (...args: string[]) => runCli({ DATABASE_URL: source.url }, ...args);

    // An API client and a staff member, made by the command line (each with its audit entry).
    staff = { email: "backups.admin@staff.example.org", secret: "" };
    const [created, made] = await Promise.all([
      cli("clients", "create", "--name", "Backed up", "--origin", ORIGIN),
      cli("staff", "create", "--email", staff.email, "--role", "admin", "--password", STAFF_PASSWORD),
    ]);
    assert.equal(created.code, 0, created.stderr);
    assert.equal(made.code, 0, made.stderr);
    const [client] = jsonLines(created.stdout);
    clientHeaders = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };

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
});
