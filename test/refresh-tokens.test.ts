/**
 * Sessions over HTTP against the production build (issue 26): login and register answer an access
 * token and a refresh token; POST /client/v1/token/refresh rotates them; a spent refresh token is
 * answered the same pair within the grace and ends the whole session after it; the idle and
 * absolute limits; every sign-out and security event ends refresh tokens too; a refresh racing
 * itself; hostile refresh_token values; a refresh token of another API client.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { sha256 } from "@/lib/platform/secrets";
import { db, startTestApp } from "./support/app";
import { bearer, DEVICE, login, registeredCustomer, RESET_URL, tokenFromLatestEmail } from "./support/accounts";
import { staffSession } from "./support/staff";
import { until } from "./support/until";

// A short grace, so that a test can see it end.
const GRACE_SECONDS = 3;
const app = await startTestApp({ REFRESH_REUSE_GRACE_SECONDS: String(GRACE_SECONDS) });
const compliance = await staffSession(app, "compliance");

const DAY_MS = 24 * 60 * 60 * 1000;
const NEW_PASSWORD = "a fresh and unusual passphrase";

type Pair = { token: string; refresh_token: string; expires_in: number; token_type: string };

function refresh(refreshToken: unknown, headers: Record<string, string> = app.client.headers) {
  return app.fetch("/client/v1/token/refresh", {
    method: "POST",
    headers: { ...headers, ...DEVICE, "Content-Type": "application/json" },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

async function refreshed(refreshToken: string): Promise<Pair> {
  const response = await refresh(refreshToken);
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

async function works(token: string): Promise<boolean> {
  const response = await app.request("/client/v1/me", { headers: bearer(token) });
  await response.body?.cancel();
  return response.status === 200;
}

async function refreshStatus(refreshToken: string): Promise<number> {
  const response = await refresh(refreshToken);
  await response.body?.cancel();
  return response.status;
}

/** A new login of `customer`: its full answer. */
async function loggedIn(customer: { email: string; password: string }): Promise<Pair> {
  const response = await login(app, customer.email, customer.password);
  assert.equal(response.status, 200);
  return response.json();
}

const sessionOf = (token: string) => db().loginToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });

test("login and register answer an access token, a refresh token, its lifetime and its type", async () => {
  const customer = await registeredCustomer(app);
  const pair = await loggedIn(customer);
  assert.deepEqual(Object.keys(pair), ["code", "message", "token", "refresh_token", "expires_in", "token_type"]);
  assert.equal(pair.expires_in, 3600);
  assert.equal(pair.token_type, "Bearer");
  assert.notEqual(pair.token, pair.refresh_token);
  assert.ok(await works(pair.token));
  assert.equal(await works(pair.refresh_token), false, "a refresh token is no access token");
  const row = await sessionOf(pair.token);
  assert.equal(row.refreshTokenHash, sha256(pair.refresh_token), "stored as a hash only");
  assert.ok(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 3600_000) < 1000);
  assert.ok(await works(customer.token));
});

test("a refresh rotates both tokens: the old ones stop working, the session is the same", async () => {
  const customer = await registeredCustomer(app);
  const first = await sessionOf(customer.token);
  const next = await refreshed(customer.refreshToken);
  assert.equal(next.token_type, "Bearer");
  assert.equal(next.expires_in, 3600);
  assert.ok(![customer.token, customer.refreshToken].includes(next.token));
  assert.ok(await works(next.token));
  assert.equal(await works(customer.token), false, "the access token it replaced");
  const row = await sessionOf(next.token);
  assert.equal(row.id, first.id, "one session, one chain");
  assert.equal(row.refreshTokenHash, sha256(next.refresh_token));
  const third = await refreshed(next.refresh_token);
  assert.ok(await works(third.token));

  const listed = await (await app.request("/client/v1/sessions", { headers: bearer(third.token) })).json();
  assert.equal(listed.sessions.length, 1, "one entry per chain");
  assert.equal(listed.sessions[0].id, first.id);
  assert.equal(listed.sessions[0].current, true);
  assert.equal(listed.sessions[0].last_refreshed_at, (await sessionOf(third.token)).refreshedAt?.toISOString());
});

test("a spent refresh token within the grace gets the same pair; after it, the whole session ends, with an event", async () => {
  const customer = await registeredCustomer(app);
  const next = await refreshed(customer.refreshToken);
  const retried = await refreshed(customer.refreshToken);
  assert.deepEqual(
    [retried.token, retried.refresh_token],
    [next.token, next.refresh_token],
    "a retry that lost its answer",
  );
  assert.ok(retried.expires_in <= next.expires_in && retried.expires_in > 3590, "counted from now");
  assert.ok(await works(next.token));

  const other = await loggedIn(customer);
  // The grace ends: its sealed pair is cleared by the sweep.
  const spent = await db().spentRefreshToken.findUniqueOrThrow({ where: { tokenHash: sha256(customer.refreshToken) } });
  const sealed = spent.successor ?? "";
  assert.ok(sealed.startsWith("v1."), "sealed, never plain");
  assert.ok(!sealed.includes(next.token) && !sealed.includes(next.refresh_token));
  await until(
    async () => (await db().spentRefreshToken.findUniqueOrThrow({ where: { id: spent.id } })).successor,
    (successor) => successor === null,
    { timeoutMs: 4 * GRACE_SECONDS * 1000, everyMs: 200 },
  );

  const reused = await refresh(customer.refreshToken);
  assert.equal(reused.status, 401);
  assert.equal((await reused.json()).type, "authentication_error");
  assert.equal(await works(next.token), false, "the chain's access token");
  assert.equal(await refreshStatus(next.refresh_token), 401, "the chain's refresh token");
  assert.ok(await works(other.token), "another session of the customer lives on");
  const events = await db().customerEvent.findMany({ where: { email: customer.email, type: "refresh_token_reused" } });
  assert.deepEqual(
    events.map((event) => [event.outcome, event.ip, event.fingerprint]),
    [["failure", DEVICE["X-Client-IP"], DEVICE["X-Client-Fingerprint"]]],
  );
  assert.equal(await refreshStatus(customer.refreshToken), 401, "again: still refused");
  assert.equal(
    await db().customerEvent.count({ where: { email: customer.email, type: "refresh_token_reused" } }),
    1,
    "one event: the session ended once",
  );
});

test("a refresh racing itself yields one new pair, answered to every request within the grace", async () => {
  const customer = await registeredCustomer(app);
  const answers = await Promise.all(Array.from({ length: 16 }, () => refresh(customer.refreshToken)));
  assert.deepEqual(
    answers.map((answer) => answer.status),
    Array(16).fill(200),
  );
  const pairs = await Promise.all(answers.map((answer) => answer.json()));
  assert.equal(new Set(pairs.map((pair) => `${pair.token} ${pair.refresh_token}`)).size, 1, "exactly one new pair");
  assert.ok(await works(pairs[0].token));
  assert.equal(await db().spentRefreshToken.count({ where: { tokenHash: sha256(customer.refreshToken) } }), 1);
  assert.equal(await db().loginToken.count({ where: { customer: { email: customer.email } } }), 1);

  // Two sessions' refresh tokens at once, each racing itself: each chain gets one pair.
  const a = await loggedIn(customer);
  const b = await loggedIn(customer);
  const both = await Promise.all([a, b, a, b, a, b].map((pair) => refresh(pair.refresh_token)));
  const bodies = await Promise.all(both.map((answer) => answer.json()));
  assert.equal(new Set(bodies.map((pair) => pair.token)).size, 2);
  assert.ok((await Promise.all(bodies.map((pair) => works(pair.token)))).every(Boolean));
});

test("a session ends at its idle limit and at its absolute limit", async () => {
  const customer = await registeredCustomer(app);
  const row = await sessionOf(customer.token);
  const now = Date.now();
  // Idle: no refresh for 30 days.
  await db().loginToken.update({
    where: { id: row.id },
    data: { createdAt: new Date(now - 30 * DAY_MS - 60_000), expiresAt: new Date(now - 1000) },
  });
  assert.equal(await refreshStatus(customer.refreshToken), 401);
  // Refreshed recently enough: the idle limit runs from the last refresh.
  await db().loginToken.update({ where: { id: row.id }, data: { refreshedAt: new Date(now - 29 * DAY_MS) } });
  const next = await refreshed(customer.refreshToken);
  assert.ok(await works(next.token));

  // Absolute: 90 days since the login, however recently refreshed; the last access token ends with it.
  await db().loginToken.update({ where: { id: row.id }, data: { createdAt: new Date(now - 90 * DAY_MS + 120_000) } });
  const last = await refreshed(next.refresh_token);
  assert.ok(
    last.expires_in <= 120 && last.expires_in > 0,
    `the access token stops with the session: ${last.expires_in}`,
  );
  // Time passes: the session is past its limit, and so is its last access token.
  await db().loginToken.update({
    where: { id: row.id },
    data: { createdAt: new Date(now - 90 * DAY_MS - 60_000), expiresAt: new Date(now - 1000) },
  });
  assert.equal(await refreshStatus(last.refresh_token), 401);
  const listed = await app.request("/client/v1/sessions", { headers: bearer((await loggedIn(customer)).token) });
  assert.deepEqual(
    (await listed.json()).sessions.map((session: { id: number }) => session.id).includes(row.id),
    false,
    "no longer listed",
  );
});

test("an expired access token with a live refresh token is still a session: listed, refreshable, ended by sign-outs", async () => {
  const customer = await registeredCustomer(app);
  const row = await sessionOf(customer.token);
  await db().loginToken.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  assert.equal(await works(customer.token), false, "the access token expired");
  const other = await loggedIn(customer);
  const listed = await (await app.request("/client/v1/sessions", { headers: bearer(other.token) })).json();
  assert.ok(listed.sessions.some((session: { id: number }) => session.id === row.id));
  const out = await app.request("/client/v1/sessions/revoke-others", { method: "POST", headers: bearer(other.token) });
  assert.equal(out.status, 200);
  assert.equal(await refreshStatus(customer.refreshToken), 401);
});

test("every sign-out and security event ends refresh tokens too", async () => {
  const customerId = async (email: string) => (await db().customer.findUniqueOrThrow({ where: { email } })).id;
  const ends: [string, (customer: Awaited<ReturnType<typeof registeredCustomer>>) => Promise<Response>][] = [
    ["logout", (c) => app.request("/client/v1/logout", { method: "POST", headers: bearer(c.token) })],
    [
      "DELETE /sessions/{id}",
      async (c) =>
        app.request(`/client/v1/sessions/${(await sessionOf(c.token)).id}`, {
          method: "DELETE",
          headers: bearer((await loggedIn(c)).token),
        }),
    ],
    [
      "revoke-others",
      async (c) =>
        app.request("/client/v1/sessions/revoke-others", {
          method: "POST",
          headers: bearer((await loggedIn(c)).token),
        }),
    ],
    [
      "change-password (from another session)",
      async (c) =>
        app.request("/client/v1/change-password", {
          method: "POST",
          headers: { ...DEVICE, ...bearer((await loggedIn(c)).token) },
          form: { current_password: c.password, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
        }),
    ],
    [
      "reset-password",
      async (c) => {
        const forgot = await app.request("/client/v1/forgot-password", {
          method: "POST",
          headers: DEVICE,
          form: { email: c.email, reset_password_url: RESET_URL },
        });
        assert.equal(forgot.status, 200);
        const token = await tokenFromLatestEmail(c.email, "reset_password");
        return app.request("/client/v1/reset-password", {
          method: "POST",
          headers: DEVICE,
          form: { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
        });
      },
    ],
    [
      "close-account",
      (c) =>
        app.request("/client/v1/close-account", {
          method: "POST",
          headers: { ...DEVICE, ...bearer(c.token) },
          form: { password: c.password },
        }),
    ],
    [
      "block",
      async (c) =>
        compliance.request(`/api/admin/customers/${await customerId(c.email)}/block`, {
          method: "POST",
          json: { reason: "Suspected fraud" },
        }),
    ],
    [
      "staff sign-out everywhere",
      async (c) =>
        compliance.request(`/api/admin/customers/${await customerId(c.email)}/revoke-sessions`, {
          method: "POST",
          json: { reason: "Lost phone" },
        }),
    ],
  ];
  for (const [name, end] of ends) {
    const customer = await registeredCustomer(app);
    // A session whose access token was refreshed once: the event ends its whole chain.
    const pair = await refreshed(customer.refreshToken);
    const current = { ...customer, token: pair.token, refreshToken: pair.refresh_token };
    const response = await end(current);
    assert.equal(response.status, 200, `${name}: ${await response.text()}`);
    assert.equal(await refreshStatus(current.refreshToken), 401, name);
    assert.equal(await refreshStatus(customer.refreshToken), 401, `${name}: the spent one too`);
    assert.equal(await works(current.token), false, name);
  }
});

test("change-password keeps the calling session's refresh token working", async () => {
  const customer = await registeredCustomer(app);
  const changed = await app.request("/client/v1/change-password", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(customer.token) },
    form: { current_password: customer.password, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
  });
  assert.equal(changed.status, 200);
  const next = await refreshed(customer.refreshToken);
  assert.ok(await works(next.token));
});

test("a refresh token works only through the API client it was issued to", async () => {
  const customer = await registeredCustomer(app);
  const client = await createApiClient({ name: "Other app", allowed_origins: ["https://app.example.com"] });
  const elsewhere = await refresh(customer.refreshToken, {
    "X-Client-ID": client.client_id,
    "X-Client-Secret": client.client_secret,
  });
  assert.equal(elsewhere.status, 401);
  assert.ok(await works(customer.token), "nothing spent, nothing ended");
  const next = await refreshed(customer.refreshToken);
  const spentElsewhere = await refresh(customer.refreshToken, {
    "X-Client-ID": client.client_id,
    "X-Client-Secret": client.client_secret,
  });
  assert.equal(spentElsewhere.status, 401);
  assert.ok(await works(next.token), "a spent token shown by another client ends nothing");
  assert.equal((await refresh(next.refresh_token, {})).status, 401, "no client credentials");
});

test("hostile refresh_token values are a 400 or a 401, never a 500, and spend nothing", async () => {
  const customer = await registeredCustomer(app);
  const cases: [unknown, number][] = [
    [undefined, 400],
    ["", 400],
    [null, 400],
    [12, 400],
    [["a"], 400],
    [{ token: customer.refreshToken }, 400],
    ["x".repeat(1025), 400],
    ["x".repeat(1024), 401],
    ["\u0000", 401],
    [`${customer.refreshToken}\u0000`, 401],
    [`${customer.refreshToken}\n`, 401],
    [` ${customer.refreshToken}`, 401],
    ["\u202e\u0007\ud83d\ude00", 401],
    [customer.token, 401],
  ];
  for (const [value, status] of cases) {
    const response = await refresh(value);
    assert.equal(response.status, status, JSON.stringify(value)?.slice(0, 40));
    const body = await response.json();
    assert.equal(body.code, status);
  }
  const tooLarge = await app.fetch("/client/v1/token/refresh", {
    method: "POST",
    headers: { ...app.client.headers, "Content-Type": "application/json" },
    body: JSON.stringify({ refresh_token: "x".repeat(70_000) }),
  });
  assert.equal(tooLarge.status, 413);
  const malformed = await app.fetch("/client/v1/token/refresh", {
    method: "POST",
    headers: { ...app.client.headers, "Content-Type": "application/json" },
    body: "{not json",
  });
  assert.equal(malformed.status, 400);
  assert.ok(await works(customer.token), "nothing was spent");
  assert.ok(await refreshed(customer.refreshToken));
});
