/**
 * Account care over HTTP (issue 14): a customer's sessions (list, end one, end the others), their
 * locale (POST /me, at registration), and closing the account; each recorded as an account event
 * that compliance sees. Every /client/v1 answer is also checked against the API description.
 */
import assert from "node:assert/strict";
import type { CustomerSession } from "@/lib/domain/customer-sessions/list-customer-sessions";
import { test } from "node:test";
import { bumpVersion, changedHere } from "@/lib/platform/cache/versioned-cache";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { sha256 } from "@/lib/platform/secrets";
import { startTestApp, db } from "./support/app";
import {
  bearer,
  DEVICE,
  login,
  register,
  registeredCustomer,
  tokenFromLatestEmail,
  uniqueEmail,
  VERIFY_URL,
} from "./support/accounts";
import { staffSession } from "./support/staff";

// A small per-e-mail limit, so the closing password's count against it shows in a few attempts.
const MAX_FAILURES_PER_EMAIL = 3;
const app = await startTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: String(MAX_FAILURES_PER_EMAIL) });
const compliance = await staffSession(app, "compliance");

type Session = CustomerSession;

/** A device of its own for each test, so the per-IP login limit of one does not reach another. */
let devices = 0;
function device(): Record<string, string> {
  devices += 1;
  return {
    "X-Client-IP": `198.51.100.${devices}`,
    "X-Client-UA": `CareApp/${devices}`,
    "X-Client-Fingerprint": `fp-care-${devices}`,
  };
}

async function loggedIn(email: string, password: string, headers: Record<string, string> = DEVICE): Promise<string> {
  const response = await login(app, email, password, headers);
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()).token;
}

const me = (token: string) => app.request("/client/v1/me", { headers: bearer(token) });
const sessionsOf = async (token: string): Promise<Session[]> => {
  const response = await app.request("/client/v1/sessions", { headers: bearer(token) });
  assert.equal(response.status, 200);
  return (await response.json()).sessions;
};
const revokeSession = (token: string, id: string | number, headers: Record<string, string> = DEVICE) =>
  app.request(`/client/v1/sessions/${id}`, { method: "DELETE", headers: { ...headers, ...bearer(token) } });
const revokeOthers = (token: string, headers: Record<string, string> = DEVICE) =>
  app.request("/client/v1/sessions/revoke-others", { method: "POST", headers: { ...headers, ...bearer(token) } });
const closeAccount = (token: string, password: string, headers: Record<string, string> = DEVICE) =>
  app.request("/client/v1/close-account", {
    method: "POST",
    headers: { ...headers, ...bearer(token) },
    form: { password },
  });
const changeLocale = (token: string, body: Record<string, string>, headers: Record<string, string> = DEVICE) =>
  app.request("/client/v1/me", { method: "POST", headers: { ...headers, ...bearer(token) }, form: body });

const fieldErrors = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}/${e.code}`);

async function eventsOf(email: string) {
  return db().customerEvent.findMany({ where: { email }, orderBy: { id: "asc" } });
}

/** Changes reference data as the back office would, so every cache of it reloads. */
async function changeReferenceData(change: (tx: Prisma.TransactionClient) => Promise<unknown>) {
  await db().$transaction(async (tx) => {
    await change(tx);
    await bumpVersion(tx, "reference");
  });
  changedHere();
}

// Sessions

test("GET /sessions lists the live login tokens, newest first, the calling one marked, through every app", async () => {
  const customer = await registeredCustomer(app);
  const phone = device();
  const second = await loggedIn(customer.email, customer.password, phone);
  const other = await createApiClient({ name: "Other app", allowed_origins: ["https://app.example.com"] });
  const viaOther = await app.fetch("/client/v1/login", {
    method: "POST",
    headers: {
      "X-Client-ID": other.client_id,
      "X-Client-Secret": other.client_secret,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ email: customer.email, password: customer.password }).toString(),
  });
  assert.equal(viaOther.status, 200);
  // Not sessions: a revoked token, an expired one (its access token, and its refresh token past the idle limit), one from before a password change.
  const revoked = await loggedIn(customer.email, customer.password);
  const expired = await loggedIn(customer.email, customer.password);
  const stale = await loggedIn(customer.email, customer.password);
  await db().loginToken.update({ where: { tokenHash: sha256(revoked) }, data: { revokedAt: new Date() } });
  await db().loginToken.update({
    where: { tokenHash: sha256(expired) },
    data: { expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) },
  });
  await db().loginToken.update({ where: { tokenHash: sha256(stale) }, data: { credentialsVersion: -1 } });

  const sessions = await sessionsOf(second);
  const rows = await db().loginToken.findMany({
    where: { tokenHash: { in: [customer.token, second, (await viaOther.json()).token].map(sha256) } },
  });
  assert.deepEqual(
    sessions.map((session) => session.id),
    rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((row) => row.id),
  );
  assert.deepEqual(Object.keys(sessions[0]), [
    "id",
    "current",
    "created_at",
    "last_used_at",
    "last_refreshed_at",
    "ip",
    "user_agent",
    "fingerprint",
    "client_name",
  ]);
  const mine = sessions.find((session) => session.current)!;
  assert.equal(sessions.filter((session) => session.current).length, 1);
  assert.deepEqual(
    [mine.ip, mine.user_agent, mine.fingerprint, mine.client_name],
    [phone["X-Client-IP"], phone["X-Client-UA"], phone["X-Client-Fingerprint"], "Test app"],
  );
  assert.deepEqual(sessions.map((session) => session.client_name).sort(), ["Other app", "Test app", "Test app"]);
  const text = JSON.stringify(sessions);
  for (const token of [customer.token, second]) {
    assert.ok(!text.includes(token) && !text.includes(sha256(token)), "never a token or its hash");
  }
  // The other token is the current one when it asks.
  assert.equal(
    (await sessionsOf(customer.token)).find((session) => session.current)?.id,
    rows.find((r) => r.tokenHash === sha256(customer.token))?.id,
  );
});

test("the account calls refuse a missing, unknown or revoked login token with a 401", async () => {
  const customer = await registeredCustomer(app);
  await db().loginToken.update({ where: { tokenHash: sha256(customer.token) }, data: { revokedAt: new Date() } });
  for (const headers of [{}, bearer("not-a-real-token"), bearer(customer.token)]) {
    const calls = [
      app.request("/client/v1/sessions", { headers }),
      app.request("/client/v1/sessions/1", { method: "DELETE", headers }),
      app.request("/client/v1/sessions/revoke-others", { method: "POST", headers }),
      app.request("/client/v1/close-account", { method: "POST", headers, form: { password: customer.password } }),
      app.request("/client/v1/me", { method: "POST", headers, form: { locale: "fr_FR" } }),
    ];
    for (const response of await Promise.all(calls)) {
      assert.equal(response.status, 401, `${response.url} ${JSON.stringify(headers)}`);
      assert.equal((await response.json()).type, "authentication_error");
    }
  }
});

test("without a live login token every account call is a 401, before its body or headers are judged", async () => {
  const customer = await registeredCustomer(app);
  const malformed = { "X-Client-IP": "not an address" };
  for (const headers of [malformed, { ...malformed, ...bearer("not-a-real-token") }]) {
    const calls = [
      app.request("/client/v1/sessions/revoke-others", { method: "POST", headers }),
      app.request("/client/v1/close-account", { method: "POST", headers, form: {} }),
      app.request("/client/v1/me", { method: "POST", headers, form: { locale: "x".repeat(5000) } }),
      app.request("/client/v1/change-password", { method: "POST", headers, form: { password: "short" } }),
      app.request("/client/v1/resend-verification", {
        method: "POST",
        headers,
        form: { email_verification_url: "nope" },
      }),
      app.request("/client/v1/logout", { method: "POST", headers }),
    ];
    for (const response of await Promise.all(calls)) {
      assert.equal(response.status, 401, `${response.url} ${JSON.stringify(headers)}`);
      assert.equal((await response.json()).type, "authentication_error");
    }
  }
  assert.equal((await app.request("/client/v1/me", { headers: bearer(customer.token) })).status, 200);
});

test("DELETE /sessions/{id} ends that session at once, and is recorded with the device", async () => {
  const customer = await registeredCustomer(app);
  const laptop = device();
  const other = await loggedIn(customer.email, customer.password);
  const target = (await sessionsOf(other)).find((session) => session.current)!;

  const response = await revokeSession(customer.token, target.id, laptop);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { code: 200, message: "Success" });
  assert.equal((await me(other)).status, 401);
  assert.equal((await me(customer.token)).status, 200);
  assert.deepEqual(
    (await sessionsOf(customer.token)).map((session) => session.current),
    [true],
  );
  const event = (await eventsOf(customer.email)).at(-1)!;
  assert.deepEqual(
    [event.type, event.outcome, event.ip, event.userAgent, event.fingerprint],
    ["session_revoked", "success", laptop["X-Client-IP"], laptop["X-Client-UA"], laptop["X-Client-Fingerprint"]],
  );
  // Once ended, it is no longer one of the customer's live sessions.
  assert.equal((await revokeSession(customer.token, target.id)).status, 404);

  // Ending the calling session is a logout.
  const own = (await sessionsOf(customer.token))[0];
  assert.equal((await revokeSession(customer.token, own.id)).status, 200);
  assert.equal((await me(customer.token)).status, 401);
});

test("DELETE /sessions/{id}: a malformed, unknown or another customer's id is the same 404, and changes nothing", async () => {
  const customer = await registeredCustomer(app);
  const stranger = await registeredCustomer(app);
  const strangers = (await sessionsOf(stranger.token))[0];
  const before = await eventsOf(customer.email);
  for (const id of [
    String(strangers.id),
    "2147483647",
    "2147483648",
    "99999999999999999999",
    "9".repeat(2000),
    "0",
    "-1",
    "01",
    "1.5",
    "1e3",
    "0x10",
    "abc",
    "%20",
    "null",
    "%F0%9F%92%A5",
  ]) {
    const response = await revokeSession(customer.token, id);
    assert.equal(response.status, 404, id.slice(0, 40));
    const body = await response.json();
    assert.deepEqual([body.code, body.type], [404, "invalid_request_error"], id.slice(0, 40));
  }
  assert.equal((await me(stranger.token)).status, 200, "the stranger's session still works");
  assert.equal((await eventsOf(customer.email)).length, before.length, "nothing recorded");
  assert.equal(
    (await app.request(`/client/v1/sessions/${strangers.id}`, { headers: bearer(customer.token) })).status,
    405,
  );
});

test("POST /sessions/revoke-others ends every other session and keeps the calling one", async () => {
  const customer = await registeredCustomer(app);
  const others = [await loggedIn(customer.email, customer.password), await loggedIn(customer.email, customer.password)];
  const response = await revokeOthers(customer.token);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { code: 200, message: "Success", revoked: 2 });
  for (const token of others) assert.equal((await me(token)).status, 401);
  assert.equal((await me(customer.token)).status, 200);
  assert.equal((await sessionsOf(customer.token)).length, 1);
  assert.equal((await (await revokeOthers(customer.token)).json()).revoked, 0);
  assert.deepEqual(
    (await eventsOf(customer.email)).filter((e) => e.type === "other_sessions_revoked").map((e) => e.outcome),
    ["success", "success"],
  );
});

test("revoke-others racing requests made with a token it revokes: once it answered, that token is refused", async () => {
  const customer = await registeredCustomer(app);
  const victim = await loggedIn(customer.email, customer.password);
  const [revoked, ...during] = await Promise.all([
    revokeOthers(customer.token),
    ...Array.from({ length: 4 }, () => me(victim)),
    app.request("/client/v1/sessions", { headers: bearer(victim) }),
    changeLocale(victim, { locale: "fr_FR" }),
  ]);
  assert.equal(revoked.status, 200);
  assert.equal((await revoked.json()).revoked, 1);
  for (const response of during) assert.ok([200, 401].includes(response.status), String(response.status));
  assert.equal((await me(victim)).status, 401);
  assert.equal((await revokeOthers(victim)).status, 401);
  assert.equal((await me(customer.token)).status, 200);
});

test("two sessions calling revoke-others at once: they take turns, and a caller answered 200 keeps its session", async () => {
  const customer = await registeredCustomer(app);
  for (let round = 1; round <= 8; round++) {
    const [first, second, bystander] = await Promise.all(
      Array.from({ length: 3 }, () => loggedIn(customer.email, customer.password)),
    );
    const answers = await Promise.all([revokeOthers(first), revokeOthers(second)]);
    // The first to take its turn ends the other's session, so the other finds its token dead.
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 401], `round ${round}`);
    const [kept, ended] = answers[0].status === 200 ? [first, second] : [second, first];
    assert.equal((await me(kept)).status, 200, `round ${round}: the caller answered 200 keeps its session`);
    for (const token of [ended, bystander]) assert.equal((await me(token)).status, 401, `round ${round}`);
  }
});

// Locale

test("GET /me gives the first enabled locale by default; POST /me changes it and answers the customer as GET does", async () => {
  const customer = await registeredCustomer(app);
  assert.equal((await (await me(customer.token)).json()).customer.locale, "en_GB");
  const phone = device();
  const changed = await changeLocale(customer.token, { locale: " de_DE " }, phone);
  assert.equal(changed.status, 200);
  const body = await changed.json();
  assert.deepEqual(body, {
    code: 200,
    message: "Success",
    customer: (await (await me(customer.token)).json()).customer,
  });
  assert.equal(body.customer.locale, "de_DE");
  const event = (await eventsOf(customer.email)).at(-1)!;
  assert.deepEqual([event.type, event.outcome, event.ip], ["locale_changed", "success", phone["X-Client-IP"]]);
  // JSON works as well as a form.
  const json = await app.request("/client/v1/me", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(customer.token) },
    json: { locale: "pt_PT" },
  });
  assert.equal((await json.json()).customer.locale, "pt_PT");
});

test("POST /me refuses a locale that is missing, unknown, disabled, not text or holds control characters", async () => {
  const customer = await registeredCustomer(app);
  await changeReferenceData((tx) => tx.locale.update({ where: { id: "es_ES" }, data: { enabled: false } }));
  try {
    for (const [body, expected] of [
      [{}, "locale/required"],
      [{ locale: "  " }, "locale/required"],
      [{ locale: "xx_XX" }, "locale/invalid"],
      [{ locale: "EN_GB" }, "locale/invalid"],
      [{ locale: "es_ES" }, "locale/invalid"],
      [{ locale: "x".repeat(5000) }, "locale/too_long"],
      [{ locale: "fr_FR\u0000" }, "locale/invalid_characters"],
      [{ locale: "fr\u0008FR" }, "locale/invalid_characters"],
    ] as const) {
      const response = await changeLocale(customer.token, body as Record<string, string>);
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 40));
      assert.deepEqual(await fieldErrors(response), [expected], JSON.stringify(body).slice(0, 40));
    }
    const typed = await app.request("/client/v1/me", {
      method: "POST",
      headers: { ...DEVICE, ...bearer(customer.token) },
      json: { locale: ["fr_FR"] },
    });
    assert.deepEqual(await fieldErrors(typed), ["locale/invalid"]);
    const surrogate = await app.request("/client/v1/me", {
      method: "POST",
      headers: { ...DEVICE, ...bearer(customer.token) },
      json: { locale: "fr_FR\udc00" },
    });
    assert.deepEqual(await fieldErrors(surrogate), ["locale/invalid_characters"]);
  } finally {
    await changeReferenceData((tx) => tx.locale.update({ where: { id: "es_ES" }, data: { enabled: true } }));
  }
  assert.equal((await (await me(customer.token)).json()).customer.locale, "en_GB", "unchanged");
});

test("a chosen locale later disabled gives way to the default, which follows the settings' order", async () => {
  const customer = await registeredCustomer(app);
  assert.equal((await changeLocale(customer.token, { locale: "fr_FR" })).status, 200);
  await changeReferenceData(async (tx) => {
    await tx.locale.update({ where: { id: "fr_FR" }, data: { enabled: false } });
    await tx.locale.update({ where: { id: "en_GB" }, data: { enabled: false } });
  });
  try {
    assert.equal((await (await me(customer.token)).json()).customer.locale, "en_US");
  } finally {
    await changeReferenceData((tx) =>
      tx.locale.updateMany({ where: { id: { in: ["fr_FR", "en_GB"] } }, data: { enabled: true } }),
    );
  }
  assert.equal((await (await me(customer.token)).json()).customer.locale, "fr_FR", "the choice stands again");
});

test("POST /register takes an optional locale: an enabled one is kept, another refused before anything is made", async () => {
  const email = uniqueEmail("locale");
  const registering = (body: Record<string, string>) =>
    app.request("/client/v1/register", {
      method: "POST",
      headers: DEVICE,
      form: {
        email,
        password: "long enough pw",
        confirm_password: "long enough pw",
        email_verification_url: VERIFY_URL,
        ...body,
      },
    });
  const refused = await registering({ locale: "klingon" });
  assert.equal(refused.status, 400);
  assert.deepEqual(await fieldErrors(refused), ["locale/invalid"]);
  assert.equal(await db().customer.count({ where: { email } }), 0);

  const made = await registering({ locale: "es_ES" });
  assert.equal(made.status, 201);
  assert.equal((await (await me((await made.json()).token)).json()).customer.locale, "es_ES");

  const empty = await register(app, uniqueEmail("nolocale"));
  assert.equal((await (await me((await empty.json()).token)).json()).customer.locale, "en_GB");
});

// Closing the account

test("close-account: every session ends, the address no longer logs in and may register anew; compliance still sees it", async () => {
  const customer = await registeredCustomer(app);
  const verification = await tokenFromLatestEmail(customer.email, "verify_email");
  const other = await loggedIn(customer.email, customer.password);
  const phone = device();
  const response = await closeAccount(customer.token, customer.password, phone);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { code: 200, message: "Success" });
  for (const token of [customer.token, other]) assert.equal((await me(token)).status, 401);
  assert.equal((await login(app, customer.email, customer.password)).status, 401);
  assert.equal((await login(app, ` ${customer.email.toUpperCase()}`, customer.password)).status, 401);
  const forgot = await app.request("/client/v1/forgot-password", {
    method: "POST",
    headers: DEVICE,
    form: { email: customer.email, reset_password_url: "https://app.example.com/reset?token=:token" },
  });
  assert.deepEqual(await fieldErrors(forgot), ["email/not_found"], "no reset for a closed account");
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "reset_password" } }), 0);

  const verify = await app.request("/client/v1/verify-email", {
    method: "POST",
    headers: DEVICE,
    form: { token: verification },
  });
  assert.deepEqual(await fieldErrors(verify), ["token/invalid"], "a link sent before the closing is dead");

  const closed = await db().customer.findFirstOrThrow({ where: { closedEmail: customer.email } });
  const again = await register(app, customer.email, "another good password");
  assert.equal(again.status, 201, "the address is free for a new account");
  const fresh = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  assert.notEqual(fresh.id, closed.id);
  assert.equal(fresh.closedAt, null);
  assert.equal((await me((await again.json()).token)).status, 200);
  assert.equal(
    (await login(app, customer.email, customer.password)).status,
    401,
    "the old password is not the new account's",
  );

  // The back office: the closed account under its address, with when it closed and its events.
  const detail = await compliance.request(`/api/admin/customers/${closed.id}`);
  assert.equal(detail.status, 200);
  const record = await detail.json();
  assert.equal(record.email, customer.email);
  assert.equal(record.closed_at, closed.closedAt!.toISOString());
  const closing = record.events.find((event: { type: string }) => event.type === "account_closed");
  assert.deepEqual(
    [closing.outcome, closing.ip, closing.user_agent, closing.fingerprint],
    ["success", phone["X-Client-IP"], phone["X-Client-UA"], phone["X-Client-Fingerprint"]],
  );
  assert.ok(record.events.some((event: { type: string }) => event.type === "register"));
  const list = await compliance.request(
    `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify({ q: customer.email }) })}`,
  );
  const listed = (await list.json()) as { id: number; email: string; closed_at: string | null }[];
  assert.deepEqual(
    listed.map((row) => [row.id, row.email, row.closed_at !== null]).sort(),
    [
      [closed.id, customer.email, true],
      [fresh.id, customer.email, false],
    ].sort(),
  );
  assert.ok(!JSON.stringify(record).includes("closed:"), `the tombstone stays inside: ${JSON.stringify(record)}`);
});

test("close-account with a wrong password: password/invalid, recorded, and the account stays open", async () => {
  const customer = await registeredCustomer(app);
  const here = device();
  const response = await closeAccount(customer.token, "not my password", here);
  assert.equal(response.status, 400);
  const body = await response.json();
  assert.equal(body.type, "invalid_request_error");
  assert.deepEqual(
    body.errors.map((e: { param: string; code: string }) => `${e.param}/${e.code}`),
    ["password/invalid"],
  );
  const event = (await eventsOf(customer.email)).at(-1)!;
  assert.deepEqual([event.type, event.outcome, event.ip], ["account_closed", "failure", here["X-Client-IP"]]);
  assert.equal((await me(customer.token)).status, 200);
  assert.equal((await login(app, customer.email, customer.password, here)).status, 200);

  for (const [form, expected] of [
    [{}, "password/required"],
    [{ password: "" }, "password/required"],
    [{ password: "x".repeat(2000) }, "password/too_long"],
  ] as const) {
    const invalid = await app.request("/client/v1/close-account", {
      method: "POST",
      headers: { ...here, ...bearer(customer.token) },
      form: form as Record<string, string>,
    });
    assert.deepEqual(await fieldErrors(invalid), [expected]);
  }
  const tooLarge = await app.request("/client/v1/close-account", {
    method: "POST",
    headers: { ...here, ...bearer(customer.token) },
    form: { password: "x".repeat(70_000) },
  });
  assert.equal(tooLarge.status, 413);
  assert.equal((await me(customer.token)).status, 200);
});

test("wrong closing passwords count against the account's login limit, as failed logins do, and the other way round", async () => {
  const customer = await registeredCustomer(app);
  const here = device();
  // One failed login and two wrong closing passwords use up the limit of three...
  assert.equal((await login(app, customer.email, "wrong password", here)).status, 401);
  for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i++) {
    assert.equal((await closeAccount(customer.token, "wrong password", here)).status, 400);
  }
  // ...so the right password is refused now, here and at login, from any address.
  const limited = await closeAccount(customer.token, customer.password, device());
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) >= 1);
  assert.equal((await login(app, customer.email, customer.password, device())).status, 429);
  assert.deepEqual(
    (await eventsOf(customer.email)).filter((e) => e.type === "account_closed").map((e) => e.outcome),
    ["failure", "failure", "rate_limited"],
  );
  assert.equal((await me(customer.token)).status, 200, "still open");
  assert.equal(await db().customer.count({ where: { closedEmail: customer.email } }), 0);
});

test("a right closing password gives its count back, as a successful login does", async () => {
  const customer = await registeredCustomer(app);
  const here = device();
  for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i++) {
    assert.equal((await login(app, customer.email, "wrong password", here)).status, 401);
  }
  const closed = await closeAccount(customer.token, customer.password, here);
  assert.equal(closed.status, 200);
  // The new account on that address starts with the failures left where they were, not one more.
  assert.equal((await register(app, customer.email, "another good password", here)).status, 201);
  assert.equal((await login(app, customer.email, "another good password", here)).status, 200);
});

test("close-account racing logins with the right password: once closed, no token works and no login succeeds", async () => {
  const customer = await registeredCustomer(app);
  const here = device();
  const [closing, ...logins] = await Promise.all([
    closeAccount(customer.token, customer.password, here),
    // As many as the per-e-mail limit leaves room for beside the closing attempt, all counted at once.
    ...Array.from({ length: MAX_FAILURES_PER_EMAIL - 1 }, () => login(app, customer.email, customer.password, here)),
  ]);
  assert.equal(closing.status, 200);
  for (const response of logins) {
    assert.ok([200, 401].includes(response.status), String(response.status));
    if (response.status === 200) {
      assert.equal((await me((await response.json()).token)).status, 401, "a token issued in the race is dead");
    }
  }
  assert.equal((await login(app, customer.email, customer.password, here)).status, 401);
  const closed = await db().customer.findFirstOrThrow({ where: { closedEmail: customer.email } });
  const live = await db().loginToken.findMany({
    where: { customerId: closed.id, revokedAt: null, credentialsVersion: closed.credentialsVersion },
  });
  assert.deepEqual(live, [], "no live token is left");
});

test("two closings with the same token at once: one closes the account, the other finds its token dead", async () => {
  const customer = await registeredCustomer(app);
  const here = device();
  const answers = await Promise.all([
    closeAccount(customer.token, customer.password, here),
    closeAccount(customer.token, customer.password, here),
  ]);
  assert.deepEqual(answers.map((response) => response.status).sort(), [200, 401]);
  assert.deepEqual(
    (await eventsOf(customer.email)).filter((e) => e.type === "account_closed").map((e) => e.outcome),
    ["success"],
  );
});
