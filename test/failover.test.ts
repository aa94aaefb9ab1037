import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { contractFetch } from "@/tooling/api-contract";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { TEST_AUTH_SECRET } from "./support/app";
import { jsonLines, runCli } from "./support/cli";
import { pgbouncerBinary, startPgBouncer, type PgBouncer } from "./support/pgbouncer";
import { postgresBinaries, startReplicatedPair, type ReplicatedPair } from "./support/replication";
import { until } from "./support/until";

/**
 * A failover the service survives (issue 29): a primary with a synchronous hot standby (streaming
 * replication, test/support/replication.ts), PgBouncer in front, and the production server on
 * PgBouncer. Under registrations, logins and locale changes (a transaction of two statements) the
 * primary is killed (-9), the standby promoted and PgBouncer pointed at it. Every registration
 * answered 201 is on the new primary; meanwhile requests answer 503 with Retry-After, never a 500 nor no answer within the client's time-out; readiness
 * follows; the same server process serves again once the database is back. Runs on the PostgreSQL
 * pass only (it makes its own servers; the pass is how CI says PostgreSQL is installed).
 */
const skip = !process.env.TEST_DATABASE_URL
  ? "needs PostgreSQL: runs on the PostgreSQL pass (TEST_DATABASE_URL=postgresql://…), with its own primary and standby"
  : !postgresBinaries()
    ? "needs PostgreSQL's server binaries in /usr/lib/postgresql/<version>/bin (apt-get install postgresql-15)"
    : !pgbouncerBinary()
      ? "needs pgbouncer (apt-get install pgbouncer; .ci/run installs it)"
      : false;

const ORIGIN = "https://app.example.com";
const PASSWORD = "correct horse battery staple";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
/** How long a client waits for an answer: every request must get one within it, outage or not. */
const CLIENT_TIMEOUT_MS = 15_000;
const WORKERS = 4;
/** PgBouncer as docs/operations.md ("Failover") asks: retry a failed server login after a second, bound every wait. */
const PGBOUNCER_SETTINGS = ["server_login_retry = 1", "query_wait_timeout = 5", "server_connect_timeout = 3"];

type Outcome = {
  /** A registration and a login: one statement each; a locale change: a transaction (lib/domain/customer-accounts/change-customer-locale.ts). */
  operation: "register" | "login" | "locale";
  email: string;
  /** An HTTP status, or what went wrong instead of an answer. */
  status: number | string;
  retryAfter: string | null;
  body: string;
  startedAt: number;
  endedAt: number;
};

describe("failover of PostgreSQL behind PgBouncer", { skip }, () => {
  let pair: ReplicatedPair;
  let pgbouncer: PgBouncer;
  let server: ServerProcess;
  let clientHeaders: Record<string, string>;
  const outcomes: Outcome[] = [];
  const readiness: { status: number | string; at: number }[] = [];
  let killedAt = 0;
  let promotedAt = 0;
  let recoveredAt = 0;
  const databaseOn = (url: string) => url.replace(/\/postgres$/, "/remit");

  before(async () => {
    pair = await startReplicatedPair();
    const admin = new pg.Client({ connectionString: pair.primaryUrl });
    await admin.connect();
    await admin.query("CREATE DATABASE remit");
    await admin.end();
    pgbouncer = await startPgBouncer(pair.primaryUrl, { poolSize: 5, settings: PGBOUNCER_SETTINGS });
    const direct = databaseOn(pair.primaryUrl);
    server = await startServerProcess({
      DATABASE_URL: pgbouncer.through(direct),
      DIRECT_DATABASE_URL: direct,
      AUTH_SECRET: TEST_AUTH_SECRET,
      WEB_CONCURRENCY: "1",
      REGISTER_MAX_PER_IP: "100000",
    });
    const created = await runCli(
      { DATABASE_URL: direct },
      "clients",
      "create",
      "--name",
      "Failover",
      "--origin",
      ORIGIN,
    );
    assert.equal(created.code, 0, created.stderr);
    const [client] = jsonLines(created.stdout);
    clientHeaders = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };

    let running = true;
    let counter = 0;
    const registered: { email: string; token: string }[] = [];
    const FORMS = {
      register: (email: string) => ({
        email,
        password: PASSWORD,
        confirm_password: PASSWORD,
        email_verification_url: `${ORIGIN}/verify/:token`,
      }),
      login: (email: string) => ({ email, password: PASSWORD }),
      locale: (email: string) => ({ locale: email.length % 2 ? "fr_FR" : "en_GB" }),
    } satisfies Record<Outcome["operation"], (email: string) => Record<string, string>>;
    // Every answer, the 503s of the switch included, is checked against the API description.
    const api = contractFetch(server.url);
    const call = async (operation: Outcome["operation"], email: string, token?: string) => {
      const startedAt = Date.now();
      try {
        const response = await api(`/client/v1/${operation === "locale" ? "me" : operation}`, {
          method: "POST",
          headers: { ...clientHeaders, ...FORM, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: new URLSearchParams(FORMS[operation](email)).toString(),
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        });
        const body = await response.text();
        const retryAfter = response.headers.get("Retry-After");
        outcomes.push({ operation, email, status: response.status, retryAfter, body, startedAt, endedAt: Date.now() });
        if (operation === "register" && response.status === 201)
          registered.push({ email, token: JSON.parse(body).token });
      } catch (error) {
        const status = (error as Error).name === "TimeoutError" ? "no answer in time" : String(error);
        outcomes.push({ operation, email, status, retryAfter: null, body: "", startedAt, endedAt: Date.now() });
      }
    };
    const load = Array.from({ length: WORKERS }, async (_, worker) => {
      for (let round = 0; running; round++) {
        // Two workers register; one logs in and one changes a locale as someone registered (or registers, before anyone is).
        const someone = registered[round % Math.max(1, registered.length)];
        if (worker % 2 === 0 || !someone) await call("register", `failover.${process.pid}.${++counter}@example.org`);
        else if (worker === 1) await call("login", someone.email);
        else await call("locale", someone.email, someone.token);
      }
    });
    const probe = (async () => {
      while (running) {
        try {
          const response = await fetch(`${server.url}/api/health/ready`, {
            signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
          });
          readiness.push({ status: response.status, at: Date.now() });
        } catch (error) {
          readiness.push({ status: String(error), at: Date.now() });
        }
        await sleep(200);
      }
    })();
    const succeededSince = (since: number, operation: Outcome["operation"]) =>
      outcomes.filter(
        (outcome) =>
          outcome.startedAt >= since &&
          outcome.operation === operation &&
          [200, 201].includes(outcome.status as number),
      ).length;

    try {
      await until(
        () => succeededSince(0, "register") >= 8 && succeededSince(0, "login") >= 4 && succeededSince(0, "locale") >= 4,
        Boolean,
        {
          timeoutMs: 60_000,
          everyMs: 100,
        },
      );
      killedAt = Date.now();
      pair.killPrimary();
      // The outage is seen before the switch: readiness says so.
      await until(() => readiness.some((probe) => probe.at > killedAt && probe.status === 503), Boolean, {
        timeoutMs: 20_000,
        everyMs: 100,
      });
      // The switch lasts until clients have met it: a request that waited out PgBouncer's query_wait_timeout.
      await until(() => outcomes.some((outcome) => outcome.startedAt > killedAt && outcome.status === 503), Boolean, {
        timeoutMs: 30_000,
        everyMs: 100,
      });
      await pair.promoteStandby();
      await pgbouncer.repoint(pair.standbyUrl);
      promotedAt = Date.now();
      await until(() => readiness.some((probe) => probe.at > promotedAt && probe.status === 200), Boolean, {
        timeoutMs: 30_000,
        everyMs: 100,
      });
      recoveredAt = Date.now();
      await until(
        () =>
          succeededSince(recoveredAt, "register") >= 4 &&
          succeededSince(recoveredAt, "login") >= 4 &&
          succeededSince(recoveredAt, "locale") >= 4,
        Boolean,
        {
          timeoutMs: 60_000,
          everyMs: 100,
        },
      );
    } finally {
      running = false;
      await Promise.all([...load, probe]);
    }
  });

  after(async () => {
    await server?.stop();
    await pgbouncer?.stop();
    await pair?.stop();
  });

  const explain = () =>
    `\nserver:\n${server.output().slice(-6000)}\npgbouncer:\n${pgbouncer.output().slice(-3000)}\n${pair.logs()}`;

  test("every request got an answer within the client's time-out: 200, 201 or 503, never a 500", (t) => {
    const count = (from: number, to: number) => {
      const answers = new Map<string, number>();
      for (const { operation, status, startedAt } of outcomes)
        if (startedAt >= from && startedAt < to)
          answers.set(`${operation} ${status}`, (answers.get(`${operation} ${status}`) ?? 0) + 1);
      return [...answers].map(([answer, times]) => `${answer} ×${times}`).join(", ");
    };
    t.diagnostic(`before the kill: ${count(0, killedAt)}`);
    t.diagnostic(
      `kill to readiness 200 (${((recoveredAt - killedAt) / 1000).toFixed(1)} s): ${count(killedAt, recoveredAt)}`,
    );
    t.diagnostic(`after: ${count(recoveredAt, Infinity)}`);
    const unexpected = outcomes.filter((outcome) => ![200, 201, 503].includes(outcome.status as number));
    assert.deepEqual(
      unexpected.map(({ operation, status, body }) => ({ operation, status, body: body.slice(0, 300) })),
      [],
      explain(),
    );
    assert.ok(
      outcomes.some((outcome) => outcome.startedAt > killedAt && outcome.status === 503),
      "requests met the outage",
    );
  });

  test("a 503 says when to come back (Retry-After)", () => {
    const unavailable = outcomes.filter((outcome) => outcome.status === 503);
    assert.ok(unavailable.length > 0);
    for (const outcome of unavailable) assert.match(outcome.retryAfter ?? "", /^[1-9]\d*$/, outcome.body);
  });

  test("every registration answered 201 is on the new primary", async () => {
    const answered = outcomes.filter((outcome) => outcome.operation === "register" && outcome.status === 201);
    assert.ok(
      answered.some((outcome) => outcome.endedAt < killedAt),
      "registrations acknowledged before the kill",
    );
    const client = new pg.Client({ connectionString: databaseOn(pair.standbyUrl) });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string }>("SELECT email FROM customers WHERE email = ANY ($1)", [
        answered.map((outcome) => outcome.email),
      ]);
      const found = new Set(rows.map((row) => row.email));
      assert.deepEqual(
        answered.filter((outcome) => !found.has(outcome.email)).map((outcome) => outcome.email),
        [],
      );
    } finally {
      await client.end();
    }
  });

  test("readiness follows the database: 503 during the switch, 200 after; the same server process serves on", () => {
    assert.ok(readiness.some((probe) => probe.at > killedAt && probe.at < promotedAt && probe.status === 503));
    assert.equal(readiness.at(-1)?.status, 200);
    assert.ok(
      readiness.every((probe) => probe.status === 200 || probe.status === 503),
      JSON.stringify(readiness),
    );
    assert.doesNotThrow(() => process.kill(server.pid, 0), "the server process is still running");
    assert.equal(server.output().split("\nReady on ").length - 1, 1, "it started once: no restart");
  });
});
