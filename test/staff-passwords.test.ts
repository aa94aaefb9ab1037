import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import type { AuditAction } from "@/lib/generated/prisma/enums";
import { db, startTestAppWithResend } from "./support/app";
import { type CookieJar, makeStaff, signIn, STAFF_PASSWORD, staffSession } from "./support/staff";

/**
 * Staff passwords over HTTP against the production build: one's own change (the other sessions end,
 * this one carries on), an admin's reset, "forgot password?" and its single-use link (read from the
 * Resend stand-in), each audited without a secret, and each endpoint's hostile inputs.
 */
// Behind a trusted proxy (the test itself), each run's forgot-password requests come from an
// address of its own, so the per-IP limit counts this run's alone, even in a database kept between runs.
const { app, resend } = await startTestAppWithResend({ TRUSTED_PROXIES: "127.0.0.1/32, ::1/128" });
const runAddress = () => `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
const RUN_ADDRESS = runAddress();

const NEW_PASSWORD = "a brand new passphrase 42";
const EVIL_ORIGIN = "https://evil.example";

/** A fetch of /api/admin carrying `jar`'s session, JSON unless told otherwise, storing what it sets. */
const withJar =
  (jar: CookieJar) =>
  async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set("Cookie", jar.header());
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    const response = await fetch(`${app.url}${path}`, {
      ...rest,
      headers,
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
    jar.store(response);
    return response;
  };

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": RUN_ADDRESS, ...headers },
    body: JSON.stringify(json),
  });

const signedIn = async (jar: CookieJar) =>
  (await fetch(`${app.url}/api/admin/dashboard`, { headers: { Cookie: jar.header() } })).status;

/** The audit entries about staff member `id` with `action`, checked for secrets. */
async function auditEntries(id: number, action: AuditAction, secrets: string[]) {
  const entries = await db().auditLog.findMany({ where: { resource: "staff", resourceId: String(id), action } });
  const text = JSON.stringify(entries);
  for (const secret of secrets) assert.ok(!text.includes(secret), `no secret in ${text}`);
  assert.doesNotMatch(text, /\$argon2|\$2[aby]\$/, "no hash in the audit log");
  return entries;
}

const counts = (statuses: number[]) => {
  const tally: Record<number, number> = {};
  for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
  return tally;
};

test("own password: this session carries on, another device's ends, the old password stops working, audited", async () => {
  const me = await staffSession(app, "compliance");
  const other = await signIn(app, me.staff.email, STAFF_PASSWORD);
  assert.equal(await signedIn(other.jar), 200);

  const response = await withJar(me.jar)("/api/admin/me/password", {
    method: "POST",
    json: { current_password: STAFF_PASSWORD, password: NEW_PASSWORD },
  });
  assert.equal(response.status, 200, await response.clone().text());
  assert.ok(
    response.headers.getSetCookie().some((line) => /^next-auth\.session-token=.+HttpOnly/i.test(line)),
    "the session cookie is issued again",
  );
  assert.equal(await signedIn(me.jar), 200, "the session that changed the password carries on");
  assert.equal(await signedIn(other.jar), 401, "the other device's session has ended");

  assert.equal((await signIn(app, me.staff.email, STAFF_PASSWORD)).status, 401);
  assert.equal((await signIn(app, me.staff.email, NEW_PASSWORD)).status, 200);
  const [entry] = await auditEntries(me.staff.id, "change_password", [STAFF_PASSWORD, NEW_PASSWORD]);
  assert.equal(entry.staffId, me.staff.id);
});

test("own password: the reissued cookie keeps the __Secure- prefix over https", async () => {
  const staff = await makeStaff("operations");
  const https = { "X-Forwarded-Proto": "https" };
  const { jar, status } = await signIn(app, staff.email, STAFF_PASSWORD, https);
  assert.equal(status, 200);
  assert.ok(jar.names().includes("__Secure-next-auth.session-token"));
  const response = await withJar(jar)("/api/admin/me/password", {
    method: "POST",
    headers: https,
    json: { current_password: STAFF_PASSWORD, password: NEW_PASSWORD },
  });
  assert.equal(response.status, 200);
  assert.ok(
    response.headers
      .getSetCookie()
      .some((line) => line.startsWith("__Secure-next-auth.session-token=") && /; Secure/.test(line)),
  );
  const dashboard = await fetch(`${app.url}/api/admin/dashboard`, { headers: { ...https, Cookie: jar.header() } });
  assert.equal(dashboard.status, 200);
});

test("own password: refused without a session, from another origin, with a wrong current one, and for bad bodies", async () => {
  const me = await staffSession(app, "operations");
  const change = withJar(me.jar);
  const body = { current_password: STAFF_PASSWORD, password: NEW_PASSWORD };

  assert.equal((await post("/api/admin/me/password", body)).status, 401);
  assert.equal(
    (await change("/api/admin/me/password", { method: "POST", json: body, headers: { Origin: EVIL_ORIGIN } })).status,
    403,
  );

  const wrong = await change("/api/admin/me/password", {
    method: "POST",
    json: { current_password: "not my password", password: NEW_PASSWORD },
  });
  assert.equal(wrong.status, 400);
  const wrongBody = await wrong.json();
  assert.deepEqual(
    wrongBody.errors.map((error: { param: string; code: string }) => [error.param, error.code]),
    [["current_password", "invalid"]],
  );

  const refused = async (init: RequestInit & { json?: unknown }) =>
    (await change("/api/admin/me/password", { method: "POST", ...init })).status;
  assert.equal(await refused({ body: "{not json" }), 400);
  assert.equal(await refused({ json: [] }), 400);
  assert.equal(await refused({ json: {} }), 400);
  assert.equal(await refused({ json: { current_password: STAFF_PASSWORD, password: 42 } }), 400);
  assert.equal(await refused({ json: { current_password: STAFF_PASSWORD, password: "x".repeat(129) } }), 400);
  assert.equal(await refused({ json: { current_password: STAFF_PASSWORD, password: "short" } }), 400);
  assert.equal(await refused({ json: { current_password: "y".repeat(2000), password: NEW_PASSWORD } }), 400);
  assert.equal(await refused({ json: { current_password: STAFF_PASSWORD, password: "x".repeat(100_000) } }), 413);
  assert.equal(await refused({ body: JSON.stringify(body), headers: { "Content-Type": "text/plain" } }), 415);
  const common = await change("/api/admin/me/password", {
    method: "POST",
    json: { current_password: STAFF_PASSWORD, password: "password123" },
  });
  assert.equal(common.status, 400);
  assert.equal((await common.json()).errors[0].code, "too_common");

  // None of that changed the password.
  assert.equal(await signedIn(me.jar), 200);
  assert.equal((await signIn(app, me.staff.email, STAFF_PASSWORD)).status, 200);
});

test("own password: 12 wrong current passwords at once, exactly 5 are checked, then even the right one waits", async () => {
  const me = await staffSession(app, "compliance");
  const change = withJar(me.jar);
  const attempts = await Promise.all(
    Array.from({ length: 12 }, () =>
      change("/api/admin/me/password", {
        method: "POST",
        json: { current_password: "a wrong guess", password: NEW_PASSWORD },
      }),
    ),
  );
  assert.deepEqual(counts(attempts.map((response) => response.status)), { 400: 5, 429: 7 });
  const right = await change("/api/admin/me/password", {
    method: "POST",
    json: { current_password: STAFF_PASSWORD, password: NEW_PASSWORD },
  });
  assert.equal(right.status, 429);
  assert.ok(right.headers.get("retry-after"));
  assert.equal(await signedIn(me.jar), 200, "the session is untouched");
});

test("a password change racing a sign-in with the old password leaves no session of the old one alive", async () => {
  const me = await staffSession(app, "operations");
  const [racing, change] = await Promise.all([
    signIn(app, me.staff.email, STAFF_PASSWORD),
    withJar(me.jar)("/api/admin/me/password", {
      method: "POST",
      json: { current_password: STAFF_PASSWORD, password: NEW_PASSWORD },
    }),
  ]);
  assert.equal(change.status, 200);
  // The sign-in checked the old password before or after the change: either way its session is dead.
  if (racing.status === 200) assert.equal(await signedIn(racing.jar), 401);
  assert.equal(await signedIn(me.jar), 200);
});

test("an admin resets a colleague's password: shown once, the colleague's sessions end; other roles may not", async () => {
  const admin = await staffSession(app, "admin");
  const colleague = await staffSession(app, "operations");
  const reset = await admin.request(`/api/admin/staff/${colleague.staff.id}/password`, { method: "POST" });
  assert.equal(reset.status, 200);
  const { password } = await reset.json();
  assert.equal(typeof password, "string");
  assert.ok(password.length >= 20);

  assert.equal(await signedIn(colleague.jar), 401, "the colleague's session has ended");
  assert.equal(await signedIn(admin.jar), 200);
  assert.equal((await signIn(app, colleague.staff.email, STAFF_PASSWORD)).status, 401);
  assert.equal((await signIn(app, colleague.staff.email, password)).status, 200);
  const [entry] = await auditEntries(colleague.staff.id, "reset_password", [password]);
  assert.equal(entry.staffId, admin.staff.id);

  for (const role of ["operations", "compliance"] as const) {
    const other = await staffSession(app, role);
    assert.equal(
      (await other.request(`/api/admin/staff/${colleague.staff.id}/password`, { method: "POST" })).status,
      403,
    );
  }
  assert.equal((await post(`/api/admin/staff/${colleague.staff.id}/password`, {})).status, 401);
  assert.equal((await admin.request("/api/admin/staff/999999999/password", { method: "POST" })).status, 404);
  assert.equal((await admin.request("/api/admin/staff/abc/password", { method: "POST" })).status, 404);
  assert.equal((await admin.request(`/api/admin/staff/${admin.staff.id}/password`, { method: "POST" })).status, 400);
  assert.equal(
    (
      await admin.request(`/api/admin/staff/${colleague.staff.id}/password`, {
        method: "POST",
        headers: { Origin: EVIL_ORIGIN },
      })
    ).status,
    403,
  );
});

/** The reset link delivered to `to` after `since` deliveries, and its token. */
async function resetLink(to: string) {
  const delivery = await resend.waitForDelivery(
    (d) => d.body.to === to && /reset-password#token=/.test(d.body.text ?? ""),
  );
  const url = /(http\S+\/admin\/reset-password#token=([\w-]+))/.exec(delivery.body.text ?? "");
  assert.ok(url, delivery.body.text);
  return { url: url[1], token: url[2], subject: delivery.body.subject };
}

test("forgot password: a single-use link by e-mail; the same answer for unknown and inactive addresses", async () => {
  const member = await staffSession(app, "compliance");
  const inactive = await makeStaff("operations", { active: false });
  const unknown = `nobody.${Date.now()}@staff.example.org`;

  const answers = await Promise.all(
    [member.staff.email.toUpperCase(), inactive.email, unknown].map(async (email) => {
      const response = await post("/api/admin/password/forgot", { email });
      return [response.status, await response.json()];
    }),
  );
  assert.deepEqual(answers[1], answers[0]);
  assert.deepEqual(answers[2], answers[0]);
  assert.equal(answers[0][0], 200);

  const link = await resetLink(member.staff.email);
  assert.ok(link.url.startsWith(`${app.url}/admin/reset-password#token=`), link.url);
  assert.match(link.subject, /back-office password/);
  const page = await fetch(link.url.split("#")[0]);
  assert.equal(page.status, 200);
  assert.match(page.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);

  const stored = await db().staffPasswordToken.findMany({ where: { staffId: member.staff.id } });
  assert.equal(stored.length, 1);
  assert.notEqual(stored[0].tokenHash, link.token, "only the token's hash is stored");
  assert.equal(await db().emailOutbox.count({ where: { toAddress: { in: [inactive.email, unknown] } } }), 0);

  const weak = await post("/api/admin/password/reset", { token: link.token, password: "password123" });
  assert.equal(weak.status, 400);
  const done = await post("/api/admin/password/reset", { token: link.token, password: NEW_PASSWORD });
  assert.equal(done.status, 200, await done.clone().text());
  assert.equal(await signedIn(member.jar), 401, "every session of the member has ended");
  assert.equal((await signIn(app, member.staff.email, NEW_PASSWORD)).status, 200);

  const again = await post("/api/admin/password/reset", { token: link.token, password: "yet another passphrase" });
  assert.equal(again.status, 400);
  assert.equal((await again.json()).errors[0].param, "token");
  await auditEntries(member.staff.id, "request_password_reset", [link.token]);
  const [entry] = await auditEntries(member.staff.id, "reset_password_by_link", [link.token, NEW_PASSWORD]);
  assert.equal(entry.staffId, member.staff.id);
});

test("forgot password: two resets with one link at once, exactly one succeeds; an expired link is refused", async () => {
  const staff = await makeStaff("admin");
  assert.equal((await post("/api/admin/password/forgot", { email: staff.email })).status, 200);
  const { token } = await resetLink(staff.email);
  const racing = await Promise.all(
    ["first new passphrase", "second new passphrase"].map((password) =>
      post("/api/admin/password/reset", { token, password }),
    ),
  );
  assert.deepEqual(racing.map((response) => response.status).sort(), [200, 400]);
  const winner = racing[0].status === 200 ? "first new passphrase" : "second new passphrase";
  assert.equal((await signIn(app, staff.email, winner)).status, 200);
  assert.equal(
    await db().auditLog.count({ where: { action: "reset_password_by_link", resourceId: String(staff.id) } }),
    1,
  );

  const later = await makeStaff("operations");
  assert.equal((await post("/api/admin/password/forgot", { email: later.email })).status, 200);
  const expiring = await resetLink(later.email);
  await db().staffPasswordToken.updateMany({
    where: { staffId: later.id },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  const expired = await post("/api/admin/password/reset", { token: expiring.token, password: NEW_PASSWORD });
  assert.equal(expired.status, 400);
  assert.equal((await signIn(app, later.email, STAFF_PASSWORD)).status, 200, "the password stayed");
});

test("forgot password: limited per address whether it is known or not; hostile bodies refused", async () => {
  const staff = await makeStaff("compliance");
  for (const email of [staff.email, `nobody.${Date.now()}@staff.example.org`]) {
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => post("/api/admin/password/forgot", { email }).then((r) => r.status)),
    );
    assert.deepEqual(counts(statuses), { 200: 3, 429: 3 }, email);
  }
  assert.equal(await db().staffPasswordToken.count({ where: { staffId: staff.id } }), 3);

  const forgot = (init: RequestInit) => fetch(`${app.url}/api/admin/password/forgot`, { method: "POST", ...init });
  const json = { "Content-Type": "application/json" };
  assert.equal((await forgot({ headers: json, body: "{" })).status, 400);
  assert.equal((await forgot({ headers: json, body: JSON.stringify({ email: "x".repeat(300) }) })).status, 400);
  assert.equal((await forgot({ headers: json, body: JSON.stringify({ email: 7 }) })).status, 400);
  assert.equal((await forgot({ headers: json, body: JSON.stringify({ email: "a".repeat(100_000) }) })).status, 413);
  assert.equal((await forgot({ body: new URLSearchParams({ email: staff.email }) })).status, 415);
  assert.equal((await post("/api/admin/password/forgot", { email: staff.email }, { Origin: EVIL_ORIGIN })).status, 403);
  assert.equal((await fetch(`${app.url}/api/admin/password/forgot`)).status, 405);

  const reset = (body: unknown, headers: Record<string, string> = {}) =>
    post("/api/admin/password/reset", body, headers).then((r) => r.status);
  assert.equal(await reset({ token: "not a token", password: NEW_PASSWORD }), 400);
  assert.equal(await reset({ token: "t".repeat(2000), password: NEW_PASSWORD }), 400);
  assert.equal(await reset({ token: 5, password: NEW_PASSWORD }), 400);
  assert.equal(await reset({ password: NEW_PASSWORD }), 400);
  assert.equal(await reset({ token: "x", password: NEW_PASSWORD }, { Origin: EVIL_ORIGIN }), 403);
});

test("forgot password: at most FORGOT_MAX_PER_IP (20) requests per address, known e-mails or not", async () => {
  const address = runAddress();
  const statuses = await Promise.all(
    Array.from({ length: 23 }, (_, index) =>
      post(
        "/api/admin/password/forgot",
        { email: `probe.${index}.${Date.now()}@staff.example.org` },
        { "X-Forwarded-For": address },
      ).then((response) => response.status),
    ),
  );
  assert.deepEqual(counts(statuses), { 200: 20, 429: 3 });
});
