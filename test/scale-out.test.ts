import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { reloadConfig } from "@/lib/platform/config";
import { closeDatabase, db } from "@/lib/platform/db";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import type { TestApp } from "./support/app";
import { createTestDatabase, type TestDatabase } from "@/tooling/throwaway-database";
import { startFakeResend, type FakeResend } from "./support/fake-resend";
import { pgbouncerBinary, startPgBouncer, type PgBouncer } from "./support/pgbouncer";
import { requestOnNewConnection, startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { scrapeMetrics, serverPids } from "@/tooling/metrics-scrape";
import { staffSession } from "./support/staff";
import { until } from "./support/until";

/**
 * Two instances of the production server (each `npm start` in a process of its own; A with one
 * server process, B with two) on one PostgreSQL database: what one instance changes or counts, the
 * other sees; and B replaces a server process that dies. Twice: connected straight to PostgreSQL,
 * then both through PgBouncer pooling in transaction mode, as in production.
 */
const skip = process.env.TEST_DATABASE_URL
  ? false
  : "needs PostgreSQL: set TEST_DATABASE_URL=postgresql://… (PGlite is single-process)";
const skipPgBouncer =
  skip || (pgbouncerBinary() ? false : "needs pgbouncer (apt-get install pgbouncer; .ci/run installs it)");
/** Server connections PgBouncer keeps for the database: far fewer than the instances' clients (up to 30). */
const PGBOUNCER_POOL_SIZE = 5;
/** The key of Prisma's `pg_advisory_lock` around migrations. */
const MIGRATION_LOCK_KEY = 72707369;

const ORIGIN = "https://app.example.com";
const PASSWORD = "correct horse battery staple";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const METRICS_TOKEN = randomBytes(16).toString("hex");

describe("two instances on one PostgreSQL database", { skip }, () => twoInstances({ throughPgBouncer: false }));
describe("two instances through PgBouncer in transaction mode", { skip: skipPgBouncer }, () =>
  twoInstances({ throughPgBouncer: true }),
);

function twoInstances({ throughPgBouncer }: { throughPgBouncer: boolean }) {
  let database: TestDatabase;
  let pgbouncer: PgBouncer | undefined;
  let resend: FakeResend;
  let a: ServerProcess;
  let b: ServerProcess;
  let clientHeaders: Record<string, string>;

  before(async () => {
    database = await createTestDatabase();
    resend = await startFakeResend();
    // Behind PgBouncer, migrations go straight to the server (DIRECT_DATABASE_URL): they hold a session-level lock.
    if (throughPgBouncer)
      pgbouncer = await startPgBouncer(process.env.TEST_DATABASE_URL!, { poolSize: PGBOUNCER_POOL_SIZE });
    const env = {
      DATABASE_URL: pgbouncer ? pgbouncer.through(database.url) : database.url,
      ...(pgbouncer && { DIRECT_DATABASE_URL: database.url }),
      WEB_CONCURRENCY: "1",
      AUTH_SECRET: randomBytes(32).toString("base64"),
      RESEND_API_KEY: "re_test",
      RESEND_BASE_URL: resend.url,
      EMAIL_DISPATCH_INTERVAL_MS: "100",
    };
    // Started together: both migrate and seed the same new database at once. Should one fail to
    // start, the other is still stopped afterwards.
    const [startedA, startedB] = await Promise.allSettled([
      startServerProcess(env),
      startServerProcess({ ...env, WEB_CONCURRENCY: "2", METRICS_TOKEN }),
    ]);
    if (startedA.status === "fulfilled") a = startedA.value;
    if (startedB.status === "fulfilled") b = startedB.value;
    for (const started of [startedA, startedB]) if (started.status === "rejected") throw started.reason;
    // This process reaches the same database directly, to make the API client and check what the instances wrote.
    Object.assign(process.env, { DATABASE_URL: database.url, AUTH_SECRET: env.AUTH_SECRET });
    reloadConfig();
    const client = await createApiClient({ name: "Scale-out test", allowed_origins: [ORIGIN] });
    clientHeaders = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await resend?.close();
    await closeDatabase();
    await pgbouncer?.stop();
    await database?.drop();
  });

  const clientApi = (
    server: ServerProcess,
    path: string,
    init: { form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) =>
    server.fetch(`/client/v1/${path}`, {
      method: init.form ? "POST" : "GET",
      headers: { ...clientHeaders, ...(init.form ? FORM : {}), ...init.headers },
      body: init.form && new URLSearchParams(init.form).toString(),
    });

  const register = (server: ServerProcess, email: string, ip = "192.0.2.1") =>
    clientApi(server, "register", {
      form: {
        email,
        password: PASSWORD,
        confirm_password: PASSWORD,
        email_verification_url: `${ORIGIN}/verify/:token`,
      },
      headers: { "X-Client-IP": ip },
    });

  test("once both have migrated, no session holds Prisma's migration lock, so the next instance to start can take it", async () => {
    const heldLocks = () => db().$queryRaw<{ pid: number }[]>`
      SELECT pid FROM pg_locks
      WHERE locktype = 'advisory' AND objid = ${MIGRATION_LOCK_KEY}
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    await until(heldLocks, (locks) => locks.length === 0, { timeoutMs: 5_000 });
  });

  test("a settings change and a source flag made through A are served by B, without a restart", async (t) => {
    const operations = await staffSession({ url: a.url } as TestApp, "operations");
    const settingsOnB = async () => (await (await clientApi(b, "settings")).json()).settings;
    const sourcesOnB = async () =>
      (await (await clientApi(b, "sources")).json()).countries.map(
        (country: { iso_code_alpha2: string }) => country.iso_code_alpha2,
      );
    assert.notEqual((await settingsOnB()).trading_name, "Remit Scaled", "B has the old settings cached");
    assert.ok(!(await sourcesOnB()).includes("PT"));

    const record = await (await operations.request("/api/admin/settings/1")).json();
    const saved = await operations.request("/api/admin/settings/1", {
      method: "PUT",
      json: { ...record, trading_name: "Remit Scaled" },
    });
    assert.equal(saved.status, 200);
    const savedAt = Date.now();
    // How soon is the cache's poll interval (test/cache.test.ts) and the bench's business, not a busy machine's.
    await until(async () => (await settingsOnB()).trading_name === "Remit Scaled", Boolean, { timeoutMs: 30_000 });
    const settingsDelay = Date.now() - savedAt;

    const portugal = await db().country.findUniqueOrThrow({ where: { isoCodeAlpha2: "PT" } });
    const flagged = await operations.request(`/api/admin/countries/${portugal.id}`, {
      method: "PUT",
      json: { is_source: true },
    });
    assert.equal(flagged.status, 200);
    const flaggedAt = Date.now();
    await until(async () => (await sourcesOnB()).includes("PT"), Boolean, { timeoutMs: 30_000 });
    const flagDelay = Date.now() - flaggedAt;
    t.diagnostic(`B served them after ${settingsDelay} ms and ${flagDelay} ms`);
  });

  test("the login rate limit counts failed attempts made on either instance", async () => {
    const email = "limited@example.com";
    assert.equal((await register(a, email)).status, 201);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const server = attempt % 2 ? a : b;
      // A new client IP each time, so only the per-e-mail limit (10 failures in 15 minutes) is in play.
      const response = await clientApi(server, "login", {
        form: { email, password: "wrong password" },
        headers: { "X-Client-IP": `198.51.100.${attempt}` },
      });
      assert.equal(response.status, 401, `attempt ${attempt}`);
    }
    const eleventh = await clientApi(b, "login", {
      form: { email, password: PASSWORD },
      headers: { "X-Client-IP": "198.51.100.11" },
    });
    assert.equal(eleventh.status, 429);
    assert.ok(Number(eleventh.headers.get("retry-after")) > 0, "with Retry-After");
  });

  test("ten concurrent registrations of one e-mail over both instances make exactly one customer", async () => {
    const email = "race@example.com";
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) => register(n % 2 ? a : b, email, `203.0.113.${n + 1}`)),
    );
    const statuses = responses.map((response) => response.status).sort();
    assert.deepEqual(statuses, [201, ...Array(9).fill(400)]);
    for (const response of responses.filter((response) => response.status === 400)) {
      const { errors } = await response.json();
      assert.deepEqual(
        errors.map((error: { param: string; code: string }) => [error.param, error.code]),
        [["email", "unique"]],
      );
    }
    assert.equal(await db().customer.count({ where: { email } }), 1);
  });

  test("with a dispatcher on each instance, every e-mail in the outbox is delivered exactly once", async () => {
    resend.setLatency(50); // sends overlap, so both dispatchers are at work at the same time
    const emails = Array.from({ length: 20 }, (_, n) => `outbox-${n}@example.com`);
    const responses = await Promise.all(emails.map((email, n) => register(n % 2 ? a : b, email, `192.0.2.${n + 10}`)));
    assert.deepEqual(
      responses.map((response) => response.status),
      Array(20).fill(201),
    );

    await until(
      () => db().emailOutbox.count({ where: { toAddress: { in: emails }, status: "sent" } }),
      (sent) => sent === emails.length,
      { timeoutMs: 15_000 },
    );
    // A few more dispatch passes on both instances: nothing may be sent again.
    await sleep(500);
    const sends = resend.requests().filter((request) => emails.includes(String(request.body.to)));
    assert.deepEqual(
      sends.map((request) => String(request.body.to)).sort(),
      [...emails].sort(),
      "one request to Resend per e-mail",
    );
  });

  test("a server process that dies is replaced; meanwhile each new connection is answered or refused, none left hanging", async () => {
    const HUNG_AFTER_MS = 20_000;
    /** The pids of B's server processes that answer. */
    const pidsOfB = async () => new Set(serverPids((await scrapeMetrics(b.url, METRICS_TOKEN)).samples));
    const [victim, survivor] = [...(await pidsOfB())];
    assert.ok(survivor, "B runs two server processes");

    // Clients that keep opening connections from before the death until the replacement serves.
    const outcomes: { startedAt: number; outcome: string }[] = [];
    let replaced = false;
    const keepAsking = async () => {
      while (!replaced) {
        const startedAt = Date.now();
        // A connection handed to the dead process would never be answered; one on a live process is,
        // however slowly a starved machine serves it. So "hung" is judged only after HUNG_AFTER_MS.
        const outcome = await requestOnNewConnection(`${b.url}/api/health`, { timeoutMs: HUNG_AFTER_MS }).then(
          ({ status }) => (status === 200 ? "answered" : `status ${status}`),
          (error: Error) => (error.message.startsWith("no answer") ? "hung" : "refused"),
        );
        outcomes.push({ startedAt, outcome });
      }
    };
    const clients = Array.from({ length: 4 }, keepAsking);
    await sleep(200);
    const killedAt = Date.now();
    process.kill(victim, "SIGKILL");
    try {
      await until(
        () => pidsOfB().catch(() => new Set<number>()),
        (pids) => pids.size === 2 && !pids.has(victim),
        // Each scrape asks every process for its figures: polled gently, not to load the survivor.
        { timeoutMs: 30_000, everyMs: 250 },
      );
    } finally {
      replaced = true;
      await Promise.all(clients);
    }

    const afterDeath = outcomes.filter(({ startedAt }) => startedAt >= killedAt);
    assert.deepEqual(
      outcomes.filter(({ outcome }) => outcome === "hung"),
      [],
      "no connection waits for an answer that never comes",
    );
    assert.ok(
      afterDeath.some(({ outcome }) => outcome === "answered"),
      "connections opened after the death are answered while the process is replaced",
    );
    assert.match(b.output(), new RegExp(`Server process ${victim} died \\(signal SIGKILL\\)`));
  });

  if (throughPgBouncer) {
    test("PgBouncer carried the instances' transactions over its few server connections, in transaction mode", async (t) => {
      const name = new URL(database.url).pathname.slice(1);
      const ofDatabase = async (command: string) =>
        (await pgbouncer!.admin(command)).filter((row) => row.database === name);
      const [pool] = await ofDatabase("SHOW POOLS");
      assert.equal(pool?.pool_mode, "transaction");
      const [stats] = await ofDatabase("SHOW STATS");
      assert.ok(Number(stats?.total_xact_count) > 100, `transactions through PgBouncer: ${stats?.total_xact_count}`);
      const [clients, servers] = [(await ofDatabase("SHOW CLIENTS")).length, (await ofDatabase("SHOW SERVERS")).length];
      assert.ok(servers <= PGBOUNCER_POOL_SIZE, `${servers} server connections`);
      t.diagnostic(
        `${stats.total_xact_count} transactions from ${clients} client connections (now) over ${servers} server connections`,
      );
    });
  }

  // Last: it stops B.
  test("on SIGTERM a request still arriving is answered, idle connections close, and the instance exits", async () => {
    const agent = new http.Agent({ keepAlive: true });
    let idle: net.Socket | undefined;
    await new Promise((resolve, reject) =>
      http
        .get(`${b.url}/api/health`, { agent }, (response) => response.resume().on("end", resolve))
        .on("socket", (socket) => (idle = socket))
        .on("error", reject),
    );
    const body = new URLSearchParams({ email: "draining@example.com", password: "not the password" }).toString();
    // Over a raw socket, outside the contract check (api-contract.ts): its headers go out now and its body only
    // once the instance is stopping, which no client library lets a caller do.
    const inFlight = http.request(`${b.url}/client/v1/login`, {
      method: "POST",
      agent: false,
      headers: { ...clientHeaders, ...FORM, "Content-Length": String(Buffer.byteLength(body)) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      inFlight.on("response", (response) => response.resume().on("end", () => resolve(response.statusCode ?? 0)));
      inFlight.on("error", reject);
    });
    inFlight.flushHeaders();
    await sleep(200); // the headers are in

    const stopping = b.stop();
    // The idle connection is closed while a request is still in flight: closed as idle, then, not cut
    // off with every connection once the drain's time-out is up (which would end the one in flight too).
    await until(() => idle?.destroyed, Boolean, { timeoutMs: 30_000 });
    inFlight.end(body);
    assert.equal(await answered, 401);
    await stopping;
    agent.destroy();
  });

  test("the daily retention run is claimed by exactly one of the three server processes, and audited once", async () => {
    // Each process's first pass starts with its server; stopping waits for a pass in progress.
    await Promise.all([a.stop(), b.stop()]);
    const runs = await db().retentionRun.findMany({ where: { trigger: "schedule" } });
    const days = new Set(runs.map((run) => run.scheduledDay?.toISOString()));
    assert.equal(runs.length, days.size, "one run per UTC day");
    assert.ok(runs.length >= 1 && runs.every((run) => run.finishedAt && !run.error), JSON.stringify(runs));
    const audited = await db().auditLog.findMany({ where: { action: "retention_run", resource: "retention" } });
    assert.deepEqual(audited.map((entry) => entry.resourceId).sort(), runs.map((run) => String(run.id)).sort());
    for (const server of [a, b])
      assert.doesNotMatch(server.output(), /\[retention\]|retention: the run failed/, "no process failed its claim");
  });
}
