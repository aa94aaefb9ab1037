import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { generate } from "otplib";
import { Webhook } from "standardwebhooks";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { bearer, DEVICE, login, register, registeredCustomer } from "./support/accounts";
import { type TestApp, TEST_AUTH_SECRET, testAppOn } from "./support/app";
import { backupKind, dbOn, newPlace, type Place, preparedPlace, type Query, withDatabase } from "./support/backups";
import { jsonLines, runCli } from "./support/cli";
import { enrolTwoFactor, reviewView, signIn, totpCode } from "./support/staff";
import { until } from "./support/until";
import { type ReceivedWebhook, startWebhookReceiver } from "./support/webhook-receiver";

/**
 * `npm run db:backup` and `npm run db:restore` (issue 29) on the database of this pass: the embedded
 * one in a directory of its own, or a PostgreSQL database when TEST_DATABASE_URL names a server.
 * Data of every kind is made through the running service; the backup is taken while registrations
 * keep arriving; the restore goes into a new, empty database, and a server started on it has every
 * row committed before the backup began, and the people in it can log in: a session and a refresh
 * token from before, a customer's two-factor, a staff member's two-factor, a profile with its KYC
 * decision, and a webhook endpoint whose sealed secret still signs (the restored server has the same
 * AUTH_SECRET). What a restore refuses: test/backup-refusals.test.ts.
 */
const kind = backupKind;
const ORIGIN = "https://app.example.com";
const PASSWORD = "correct horse battery staple";
const STAFF_PASSWORD = "staff password for backups";
/** A profile complete enough to submit for review. */
const PROFILE = {
  given_names: "Ana Maria",
  family_name: "Silva",
  date_of_birth: "1990-04-01",
  phone: "+44 7911 123456",
  address_line1: "1 High Street",
  address_city: "London",
  address_postcode: "SW1A 1AA",
  address_country: "GB",
  country_of_residence: "GB",
  nationality: "PT",
};
/** Registrations running side by side while the backup is taken. */
const CONCURRENT_REGISTRATIONS = 2;

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-backup-"));
const backupFile = path.join(directory, "remit.backup");
const receiver = await startWebhookReceiver();
// The same AUTH_SECRET on both servers: the sealed secrets (two-factor, webhook secrets) open only under it.
const serverEnv = {
  AUTH_SECRET: TEST_AUTH_SECRET,
  REGISTER_MAX_PER_IP: "100000",
  WEB_CONCURRENCY: "1",
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  WEBHOOK_DISPATCH_INTERVAL_MS: "100",
};

/** A customer's TOTP code, `offset` steps from now: a step after any already used. */
const customerCode = (secret: string, offset: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** The body of a received webhook, verified with `secret` by the standardwebhooks package (it throws otherwise). */
const verified = (secret: string, request: ReceivedWebhook) =>
  new Webhook(secret).verify(request.body, request.headers) as { type: string };

/** A staff member's session on `app`: a fetch for /api/admin carrying its cookie, JSON bodies. */
const adminFetch =
  (app: { url: string }, cookie: () => string) =>
  (route: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${app.url}${route}`, {
      ...init,
      headers: { Cookie: cookie(), "Content-Type": "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });

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
  let client: { id: number; clientId: string; clientSecret: string };
  /** A customer with a session: its access token, its refresh token and its reviewed profile as it read it. */
  let customer: { email: string; token: string; refreshToken: string; profile: unknown };
  /** A customer with two-factor on, and its TOTP secret. */
  let mfaCustomer: { email: string; secret: string };
  let staff: { email: string; secret: string };
  /** The webhook endpoint, its secret as shown at creation, and its deliveries' ids before the backup. */
  let endpoint: { id: number; secret: string; deliveries: number[] };
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
  /** The running server as the account helpers of test/support/accounts.ts take it, with the client made here. */
  const appOf = (target: ServerProcess): TestApp => testAppOn(target.url, client);
  const asCustomer = (app: TestApp, route: string, token: string, json?: unknown) =>
    app.request(`/client/v1/${route}`, {
      method: json === undefined ? "GET" : "POST",
      headers: { ...DEVICE, ...bearer(token) },
      json,
    });
  const endpointPath = () => `/api/admin/clients/${client.id}/webhooks/${endpoint.id}`;
  /** The first request of each webhook-id received since `from` (a delivery may arrive again after a time-out). */
  const distinctReceived = (from: number) => [
    ...new Map(
      receiver
        .received("/backed-up")
        .slice(from)
        .map((request) => [request.headers["webhook-id"], request]),
    ).values(),
  ];

  before(async () => {
    source = await preparedPlace(directory, "source");
    restored = await newPlace(directory, "restored");
    const running = await start(source);
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
    const [madeClient] = jsonLines(created.stdout);
    client = { id: madeClient.id, clientId: madeClient.client_id, clientSecret: madeClient.client_secret };
    const app = appOf(running);

    // The admin enrols in two-factor and edits reference data (an audited change).
    const { jar } = await signIn(app, staff.email, STAFF_PASSWORD);
    const admin = adminFetch(app, () => jar.header());
    staff.secret = (await enrolTwoFactor(admin)).secret;
    const [country] = await (await admin("/api/admin/countries?range=[0,0]")).json();
    countryId = country.id;
    const edited = await admin(`/api/admin/countries/${countryId}`, {
      method: "PUT",
      json: { ...country, known_name: "Restored Land" },
    });
    assert.equal(edited.status, 200, await edited.text());

    // A customer with a session (an access and a refresh token), a verification e-mail in the outbox,
    // and a profile submitted and verified by the admin (a KYC decision).
    const registered = await registeredCustomer(app, PASSWORD);
    const loggedIn = await login(app, registered.email, PASSWORD);
    assert.equal(loggedIn.status, 200);
    const { token, refresh_token } = await loggedIn.json();
    const changed = await asCustomer(app, "me/profile", token, PROFILE);
    assert.equal(changed.status, 200, await changed.text());
    const submitted = await asCustomer(app, "me/profile/submit", token, {});
    assert.equal(submitted.status, 200, await submitted.text());
    const query = new URLSearchParams({ filter: JSON.stringify({ q: registered.email }) });
    const [{ id: customerId }] = await (await admin(`/api/admin/customers?${query}`)).json();
    const decided = await admin(`/api/admin/customers/${customerId}/kyc`, {
      method: "POST",
      json: {
        status: "verified",
        reason: "Passport checked before the backup",
        ...(await reviewView(admin, customerId)),
      },
    });
    assert.equal(decided.status, 200, await decided.text());
    const profile = (await (await asCustomer(app, "me/profile", token)).json()).profile;
    assert.equal(profile.kyc_status, "verified");
    customer = { email: registered.email, token, refreshToken: refresh_token, profile };

    // A customer with two-factor on.
    const withMfa = await registeredCustomer(app, PASSWORD);
    const enrolling = await asCustomer(app, "me/mfa/totp", withMfa.token, { password: PASSWORD });
    assert.equal(enrolling.status, 200, await enrolling.clone().text());
    const { secret } = await enrolling.json();
    const confirmed = await asCustomer(app, "me/mfa/totp/confirm", withMfa.token, {
      code: await customerCode(secret, 0),
    });
    assert.equal(confirmed.status, 200, await confirmed.text());
    mfaCustomer = { email: withMfa.email, secret };

    // A webhook endpoint of the client, and a delivery to it, received and verified.
    const madeEndpoint = await admin(`/api/admin/clients/${client.id}/webhooks`, {
      method: "POST",
      json: { url: `${receiver.url}/backed-up`, events: ["customer.closed"] },
    });
    assert.equal(madeEndpoint.status, 201, await madeEndpoint.clone().text());
    endpoint = { ...(await madeEndpoint.json()), deliveries: [] };
    assert.equal((await admin(`${endpointPath()}/test`, { method: "POST" })).status, 202);
    const deliveredBefore = await until(
      async () => (await admin(`${endpointPath()}/deliveries`)).json(),
      (rows: { id: number; status: string }[]) => rows.length === 1 && rows[0].status === "delivered",
      { timeoutMs: 30_000, everyMs: 200 },
    );
    endpoint.deliveries = deliveredBefore.map((row) => row.id);
    assert.equal(verified(endpoint.secret, distinctReceived(0)[0]).type, "webhook.test");
    stepDone("data made");

    // The rows to find again. The embedded database can only be read by one process: the server stops meanwhile.
    if (kind === "pglite") await stop();
    keysBefore = await withDatabase(source, rowKeys);
    const loaded = appOf(server ?? (await start(source)));
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
        const response = await register(loaded, email, PASSWORD);
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
    // The restore checks the audit chain it restored (issue 28): the chain as it was, every entry in it.
    const [{ audit_chain: chain }] = jsonLines(restoredOut.stdout);
    assert.equal(chain.valid, true, JSON.stringify(chain));
    assert.equal(chain.entries, keysBefore.get("audit_log")?.size);
    const [head] = await withDatabase(restored, (query) =>
      query("SELECT hash FROM audit_log ORDER BY chain_position DESC LIMIT 1"),
    );
    assert.match(chain.head, /^[0-9a-f]{64}$/);
    assert.equal(chain.head, head.hash);
    const keysAfter = await withDatabase(restored, rowKeys);
    assert.deepEqual([...keysAfter.keys()], [...keysBefore.keys()], "the same tables");
    for (const [table, keys] of keysBefore) {
      const missing = [...keys].filter((key) => !keysAfter.get(table)?.has(key));
      assert.deepEqual(missing, [], `rows of ${table} committed before the backup`);
    }
    for (const table of [
      "customers",
      "login_tokens",
      "kyc_decisions",
      "customer_recovery_codes",
      "staff_recovery_codes",
      "api_clients",
      "staff",
      "audit_log",
      "email_outbox",
      "webhook_endpoints",
      "webhook_deliveries",
    ])
      assert.ok((keysBefore.get(table)?.size ?? 0) > 0, `the test made rows of ${table}`);
    const emails = await withDatabase(restored, (query) => query("SELECT email FROM customers"));
    const found = new Set(emails.map((row) => row.email));
    assert.deepEqual(
      registeredBefore.filter((email) => !found.has(email)),
      [],
      "registrations answered before the backup began",
    );
  });

  test("a server on the restored database: its client, sessions, refresh tokens, logins and two-factor work", async () => {
    const app = appOf(await start(restored));
    assert.equal((await asCustomer(app, "me", customer.token)).status, 200, "the session from before");
    assert.equal((await login(app, customer.email, PASSWORD)).status, 200, "the customer's password");
    assert.equal((await login(app, registeredBefore[0], PASSWORD)).status, 200, "a customer registered under load");

    const refreshed = await app.request("/client/v1/token/refresh", {
      method: "POST",
      headers: DEVICE,
      json: { refresh_token: customer.refreshToken },
    });
    assert.equal(refreshed.status, 200, "the refresh token from before");
    const { token } = await refreshed.json();
    assert.equal((await asCustomer(app, "me", token)).status, 200, "the access token the refresh answered");

    const mfaRequired = await login(app, mfaCustomer.email, PASSWORD);
    assert.equal(mfaRequired.status, 403, "the customer's two-factor is still on");
    const { type, mfa_token } = await mfaRequired.json();
    assert.equal(type, "mfa_required");
    const completed = await app.request("/client/v1/login/mfa", {
      method: "POST",
      headers: DEVICE,
      json: { mfa_token, code: await customerCode(mfaCustomer.secret, 1) },
    });
    assert.equal(completed.status, 200, "a code of the customer's secret, opened under the same AUTH_SECRET");

    const profile = await asCustomer(app, "me/profile", token);
    assert.equal(profile.status, 200);
    assert.deepEqual((await profile.json()).profile, customer.profile, "the profile and its KYC decision");
  });

  test("the restored server's back office: staff two-factor, reference data, webhook deliveries, a secret that still signs", async () => {
    assert.ok(server, "started by the test before");
    const app = appOf(server);
    const withoutCode = await signIn(app, staff.email, STAFF_PASSWORD);
    assert.equal(withoutCode.status, 401, "two-factor is still required");
    const signedIn = await signIn(app, staff.email, STAFF_PASSWORD, {}, await totpCode(staff.secret, 1));
    assert.equal(signedIn.status, 200);
    const country = await fetch(`${app.url}/api/admin/countries/${countryId}`, {
      headers: { Cookie: signedIn.jar.header() },
    });
    assert.equal((await country.json()).known_name, "Restored Land");

    const admin = adminFetch(app, () => signedIn.jar.header());
    const listed = await (await admin(`${endpointPath()}/deliveries`)).json();
    assert.deepEqual(
      listed.map((row: { id: number; event: string; status: string }) => [row.id, row.event, row.status]),
      endpoint.deliveries.map((id) => [id, "webhook.test", "delivered"]),
      "the endpoint's deliveries from before",
    );
    const receivedBefore = receiver.received("/backed-up").length;
    assert.equal((await admin(`${endpointPath()}/test`, { method: "POST" })).status, 202);
    // A restored copy sends nothing until resumed (issue 37, test/restore-dispatch.test.ts).
    const resumed = await runCli({ DATABASE_URL: restored.url }, "dispatch", "resume");
    assert.equal(resumed.code, 0, resumed.stderr);
    const [fromRestored] = await until(
      () => distinctReceived(receivedBefore),
      (requests) => requests.length > 0,
      { timeoutMs: 30_000, everyMs: 100 },
    );
    assert.equal(
      verified(endpoint.secret, fromRestored).type,
      "webhook.test",
      "signed with the secret shown at creation",
    );
  });
});
