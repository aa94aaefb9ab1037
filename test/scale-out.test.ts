import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { reloadConfig } from "@/lib/config";
import { closeDatabase, db } from "@/lib/db";
import { createClient } from "@/lib/clients";
import type { TestApp } from "./support/app";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { startFakeResend, type FakeResend } from "./support/fake-resend";
import { startServerProcess, type ServerProcess } from "./support/server-process";
import { staffSession } from "./support/staff";

/**
 * Two instances of the production server (each `npm start` with WEB_CONCURRENCY=1, in a process
 * of its own) on one PostgreSQL database: what one instance changes or counts, the other sees.
 */
const skip = process.env.TEST_DATABASE_URL ? false : "needs PostgreSQL: set TEST_DATABASE_URL=postgresql://… (PGlite is single-process)";

const ORIGIN = "https://app.example.com";
const PASSWORD = "correct horse battery staple";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("two instances on one PostgreSQL database", { skip }, () => {
  let database: TestDatabase;
  let resend: FakeResend;
  let a: ServerProcess;
  let b: ServerProcess;
  let clientHeaders: Record<string, string>;

  before(async () => {
    database = await createTestDatabase();
    resend = await startFakeResend();
    const env = {
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: "1",
      AUTH_SECRET: randomBytes(32).toString("base64"),
      RESEND_API_KEY: "re_test",
      RESEND_BASE_URL: resend.url,
      EMAIL_DISPATCH_INTERVAL_MS: "100",
    };
    // Started together: both migrate and seed the same new database at once.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    // This process reaches the same database, to make the API client and check what the instances wrote.
    Object.assign(process.env, { DATABASE_URL: env.DATABASE_URL, AUTH_SECRET: env.AUTH_SECRET });
    reloadConfig();
    const { client, clientSecret } = await createClient({ name: "Scale-out test", allowedOrigins: [ORIGIN] });
    clientHeaders = { "X-Client-ID": client.clientId, "X-Client-Secret": clientSecret };
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await resend?.close();
    await closeDatabase();
    await database?.drop();
  });

  const clientApi = (server: ServerProcess, path: string, init: { form?: Record<string, string>; headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}/client/v1/${path}`, {
      method: init.form ? "POST" : "GET",
      headers: { ...clientHeaders, ...(init.form ? FORM : {}), ...init.headers },
      body: init.form && new URLSearchParams(init.form).toString(),
    });

  const register = (server: ServerProcess, email: string, ip = "192.0.2.1") =>
    clientApi(server, "register", {
      form: { email, password: PASSWORD, confirm_password: PASSWORD, email_verification_url: `${ORIGIN}/verify/:token` },
      headers: { "X-Client-IP": ip },
    });

  /** Polls until `check` holds; returns how long that took. */
  async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
    const start = Date.now();
    while (!(await check())) {
      if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return Date.now() - start;
  }

  test("a settings change and a source flag made through A are served by B within a second", async () => {
    const operations = await staffSession({ url: a.url } as TestApp, "operations");
    const settingsOnB = async () => (await (await clientApi(b, "settings")).json()).settings;
    const sourcesOnB = async () =>
      (await (await clientApi(b, "sources")).json()).countries.map((country: { iso_code_alpha2: string }) => country.iso_code_alpha2);
    assert.notEqual((await settingsOnB()).trading_name, "Remit Scaled", "B has the old settings cached");
    assert.ok(!(await sourcesOnB()).includes("PT"));

    const record = await (await operations.request("/api/admin/settings/1")).json();
    const saved = await operations.request("/api/admin/settings/1", { method: "PUT", json: { ...record, trading_name: "Remit Scaled" } });
    assert.equal(saved.status, 200);
    const settingsDelay = await waitFor(async () => (await settingsOnB()).trading_name === "Remit Scaled", 1000);

    const portugal = await db().country.findUniqueOrThrow({ where: { isoCodeAlpha2: "PT" } });
    const flagged = await operations.request(`/api/admin/countries/${portugal.id}`, { method: "PUT", json: { is_source: true } });
    assert.equal(flagged.status, 200);
    const flagDelay = await waitFor(async () => (await sourcesOnB()).includes("PT"), 1000);
    assert.ok(settingsDelay <= 1000 && flagDelay <= 1000, `B served them after ${settingsDelay} ms and ${flagDelay} ms`);
  });

  test("the login rate limit counts failed attempts made on either instance", async () => {
    const email = "limited@example.com";
    assert.equal((await register(a, email)).status, 201);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const server = attempt % 2 ? a : b;
      // A new client IP each time, so only the per-e-mail limit (10 failures in 15 minutes) is in play.
      const response = await clientApi(server, "login", { form: { email, password: "wrong password" }, headers: { "X-Client-IP": `198.51.100.${attempt}` } });
      assert.equal(response.status, 401, `attempt ${attempt}`);
    }
    const eleventh = await clientApi(b, "login", { form: { email, password: PASSWORD }, headers: { "X-Client-IP": "198.51.100.11" } });
    assert.equal(eleventh.status, 429);
    assert.ok(Number(eleventh.headers.get("retry-after")) > 0, "with Retry-After");
  });

  test("ten concurrent registrations of one e-mail over both instances make exactly one customer", async () => {
    const email = "race@example.com";
    const responses = await Promise.all(Array.from({ length: 10 }, (_, n) => register(n % 2 ? a : b, email, `203.0.113.${n + 1}`)));
    const statuses = responses.map((response) => response.status).sort();
    assert.deepEqual(statuses, [201, ...Array(9).fill(400)]);
    for (const response of responses.filter((response) => response.status === 400)) {
      const { errors } = await response.json();
      assert.deepEqual(errors.map((error: { param: string; code: string }) => [error.param, error.code]), [["email", "unique"]]);
    }
    assert.equal(await db().customer.count({ where: { email } }), 1);
  });

  test("with a dispatcher on each instance, every e-mail in the outbox is delivered exactly once", async () => {
    resend.setLatency(50); // sends overlap, so both dispatchers are at work at the same time
    const emails = Array.from({ length: 20 }, (_, n) => `outbox-${n}@example.com`);
    const responses = await Promise.all(emails.map((email, n) => register(n % 2 ? a : b, email, `192.0.2.${n + 10}`)));
    assert.deepEqual(responses.map((response) => response.status), Array(20).fill(201));

    await waitFor(async () => (await db().emailOutbox.count({ where: { toAddress: { in: emails }, status: "sent" } })) === emails.length, 15_000);
    // A few more dispatch passes on both instances: nothing may be sent again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sends = resend.requests().filter((request) => emails.includes(String(request.body.to)));
    assert.deepEqual(sends.map((request) => String(request.body.to)).sort(), [...emails].sort(), "one request to Resend per e-mail");
  });
});
