import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { POLL_INTERVAL_MS, versionedCache } from "@/lib/platform/cache/versioned-cache";
import { randomToken, sha256 } from "@/lib/platform/secrets";
import { db, startTestApp } from "./support/app";
import { bearer, DEVICE, login, register, registeredCustomer, uniqueEmail } from "./support/accounts";
import { startFakeResend } from "./support/fake-resend";
import { staffSession } from "./support/staff";
import { startTcpProxy } from "./support/tcp-proxy";
import { until } from "./support/until";
import { captureLog } from "./support/log";

/**
 * The database goes away while the app runs: the app's connections to PostgreSQL go through a
 * loopback proxy that the tests cut (connections dropped, new ones refused, as when the server is
 * stopped) or stall (connections accepted and never answered, as when its host drops packets),
 * then restore. The shared server itself is never touched.
 */
const skip = process.env.TEST_DATABASE_URL
  ? false
  : "needs PostgreSQL: set TEST_DATABASE_URL=postgresql://… (the embedded database cannot be cut off from the app)";

const UNAVAILABLE = { code: 503, type: "api_error", message: "Service temporarily unavailable" };
const REFERENCE_PATHS = [
  "/client/v1/settings",
  "/client/v1/countries",
  "/client/v1/sources",
  "/client/v1/countries/sources",
];
const DISPATCH_INTERVAL_MS = 50;

describe("a database outage", { skip }, async () => {
  const server = new URL(process.env.TEST_DATABASE_URL!);
  const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const resend = await startFakeResend();
  const app = await startTestApp(
    {
      RESEND_API_KEY: "re_test",
      RESEND_BASE_URL: resend.url,
      EMAIL_DISPATCH_INTERVAL_MS: String(DISPATCH_INTERVAL_MS),
    },
    { databaseUrl: proxy.through },
  );
  after(async () => {
    await proxy.close();
    await resend.close();
  });

  const ready = async () => (await fetch(`${app.url}/api/health/ready`)).status;

  /** Runs `use` while the database is away (`cut` by default), then brings it back and waits until the app is ready again. */
  async function outage(use: () => Promise<void>, takeAway = () => proxy.cut()) {
    await takeAway();
    try {
      await use();
    } finally {
      await proxy.restore();
    }
    await until(ready, (status) => status === 200, { everyMs: 50 });
  }

  /** Calls `check` again and again for `ms`: what it asserts holds throughout. */
  async function throughout(ms: number, check: () => Promise<void>) {
    const end = Date.now() + ms;
    do await check();
    while (Date.now() < end);
  }

  async function assertUnavailable(response: Response, what: string) {
    assert.equal(response.status, 503, what);
    assert.ok(Number(response.headers.get("retry-after")) > 0, `${what}: with Retry-After`);
    assert.deepEqual(await response.json(), UNAVAILABLE, `${what}: nothing of the internals`);
  }

  test("reference reads are served from memory to a client already seen; what needs the database answers 503 with Retry-After", async () => {
    const customer = await registeredCustomer(app);
    const before = new Map<string, { etag: string | null; body: string }>();
    for (const path of REFERENCE_PATHS) {
      const response = await app.request(path);
      assert.equal(response.status, 200, path);
      before.set(path, { etag: response.headers.get("etag"), body: await response.text() });
    }
    // Made on another instance just before the outage, so this process has not seen it yet.
    const secret = randomToken();
    const unseen = await db().apiClient.create({
      data: {
        name: "Unseen",
        clientId: `cli_unseen_${randomToken(6)}`,
        secretHash: sha256(secret),
        allowedOrigins: ["https://app.example.com"],
      },
    });

    await outage(async () => {
      // Longer than the caches wait for a version poll: they must stop waiting for one. Five of
      // each at once, so that reads also join polls that fail.
      await throughout(3 * POLL_INTERVAL_MS, async () => {
        const reads = REFERENCE_PATHS.flatMap((path) => Array.from({ length: 5 }, () => path));
        await Promise.all(
          reads.map(async (path) => {
            const response = await app.request(path);
            assert.equal(response.status, 200, `${path} during the outage`);
            assert.deepEqual(
              { etag: response.headers.get("etag"), body: await response.text() },
              before.get(path),
              path,
            );
          }),
        );
      });
      const logins = await Promise.all(Array.from({ length: 10 }, () => login(app, customer.email, customer.password)));
      for (const response of logins) await assertUnavailable(response, "login");
      await assertUnavailable(await register(app, uniqueEmail()), "register");
      await assertUnavailable(await app.request("/client/v1/me", { headers: bearer(customer.token) }), "/me");
      const unseenClient = { "X-Client-ID": unseen.clientId, "X-Client-Secret": secret };
      await assertUnavailable(
        await app.request("/client/v1/settings", { headers: unseenClient }),
        "a client not seen before the outage",
      );
      assert.equal((await fetch(`${app.url}/api/health`)).status, 200, "liveness does not depend on the database");
      const notReady = await fetch(`${app.url}/api/health/ready`);
      assert.equal(notReady.status, 503, "not ready while the database does not answer");
      assert.match(notReady.headers.get("retry-after") ?? "", /^[1-9][0-9]*$/, "a 503 says when to try again");
    });

    const relogin = await until(
      () => login(app, customer.email, customer.password),
      (response) => response.status === 200,
    );
    assert.ok((await relogin.json()).token);
    assert.equal((await app.request("/client/v1/me", { headers: bearer(customer.token) })).status, 200);
  });

  test("a staff session survives the outage (the admin API answers 503 meanwhile); deactivation still ends it at once", async () => {
    const admin = await staffSession(app, "admin");
    const session = () => fetch(`${app.url}/api/auth/session`, { headers: { Cookie: admin.jar.header() } });
    assert.equal((await admin.request("/api/admin/settings/1")).status, 200);

    await outage(async () => {
      await assertUnavailable(await admin.request("/api/admin/settings/1"), "an admin read");
      await assertUnavailable(
        await admin.request("/api/admin/settings/1", { method: "PUT", json: { trading_name: "During the outage" } }),
        "an admin write",
      );
      const during = await session();
      admin.jar.store(during);
      assert.ok(
        admin.jar.names().some((name) => name.endsWith("next-auth.session-token")),
        "the session cookie is kept",
      );
      assert.equal((await during.json()).user?.email, admin.staff.email);
    });

    const afterwards = await until(
      () => admin.request("/api/admin/settings/1"),
      (response) => response.status !== 503,
    );
    assert.equal(afterwards.status, 200, "the same session works once the database answers");
    assert.equal((await (await session()).json()).user?.email, admin.staff.email);

    await db().staff.update({ where: { id: admin.staff.id }, data: { active: false } });
    const ended = await session();
    admin.jar.store(ended);
    assert.deepEqual(await ended.json(), {});
    assert.ok(!admin.jar.names().some((name) => name.endsWith("next-auth.session-token")), "the cookie is cleared");
    assert.equal((await admin.request("/api/admin/settings/1")).status, 401);
  });

  test("while the database does not answer at all, a request fails with 503 instead of waiting for it", async () => {
    const customer = await registeredCustomer(app);
    await outage(
      async () => {
        // Far longer than the pool waits for a connection (5 s); without that limit the request never ends.
        const signal = AbortSignal.timeout(30_000);
        const form = { email: customer.email, password: customer.password };
        await assertUnavailable(
          await app.request("/client/v1/login", { method: "POST", headers: DEVICE, form, signal }),
          "login",
        );
        assert.equal(await ready(), 503);
      },
      () => proxy.stall(),
    );
    assert.equal((await login(app, customer.email, customer.password)).status, 200);
  });

  test("a cached value whose time is up is served while the database is away, and rebuilt once it answers", async () => {
    let loads = 0;
    const cache = versionedCache(
      "reference",
      async () => {
        await db().$queryRaw`SELECT 1`;
        return ++loads;
      },
      1,
    );
    assert.equal(await cache.get(), 1);
    await outage(() => throughout(3 * POLL_INTERVAL_MS, async () => assert.equal(await cache.get(), 1)));
    await until(
      () => cache.get(),
      (value) => value > 1,
    );
  });

  test("the outage is logged once when it starts and once when it ends, without a stack trace", async () => {
    const customer = await registeredCustomer(app);
    const admin = await staffSession(app, "operations");
    const captured = captureLog();
    try {
      await outage(async () => {
        await login(app, customer.email, customer.password);
        await admin.request("/api/admin/dashboard");
        await fetch(`${app.url}/api/auth/session`, { headers: { Cookie: admin.jar.header() } });
        await ready();
        // Some passes of the e-mail dispatcher (every 50 ms) while the database is away.
        await sleep(10 * DISPATCH_INTERVAL_MS);
      });
    } finally {
      captured.restore();
    }
    // Each request's own line aside.
    const text = captured
      .events()
      .map(({ msg, fields }) =>
        [msg, ...Object.values(fields).map((v) => (v instanceof Error ? v.stack : String(v)))].join(" "),
      );
    assert.deepEqual(
      text.filter((line) => /\n\s+at /.test(line)),
      [],
      "no stack traces",
    );
    assert.equal(text.filter((line) => line.startsWith("Database unreachable")).length, 1, text.join("\n"));
    assert.equal(text.filter((line) => line.startsWith("Database reachable again")).length, 1, text.join("\n"));
    assert.equal(text.length, 2, text.join("\n"));
  });
});
