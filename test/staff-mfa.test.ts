/**
 * Staff two-factor sign-in (TOTP) over HTTP: enrolment and its confirmation, sign-in with a code
 * or a recovery code, replays and concurrent use, the rate limits, the hold on members whose role
 * requires it (STAFF_MFA_REQUIRED_ROLES, default admin), and an admin's reset of a colleague's.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, reloadConfig } from "@/lib/config";
import { startTestApp, db } from "./support/app";
import {
  enrolTwoFactor,
  makeStaff,
  signIn,
  staffSession,
  STAFF_PASSWORD,
  totpCode,
  type SignInAttempt,
} from "./support/staff";

// Many wrong codes come from this one address: only the per-e-mail limit (5) is under test.
const app = await startTestApp({ STAFF_LOGIN_MAX_FAILURES_PER_IP: "10000" });
const admin = await staffSession(app, "admin");
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");

const MFA_REQUIRED = { code: 403, type: "mfa_required" };

const signedIn = (attempt: SignInAttempt) => attempt.jar.names().some((name) => name.includes("session-token"));
const errorOf = (attempt: SignInAttempt) =>
  new URL(String(attempt.body.url), app.url).searchParams.get("error") ?? undefined;

/** A member with two-factor whose last accepted step is now: the next code to use is `totpCode(secret, 1)`. */
async function enrolledMember(role: "admin" | "operations" | "compliance" = "operations") {
  const session = await staffSession(app, role, { enrol: false });
  const twoFactor = session.twoFactor ?? (await enrolTwoFactor(session.request));
  return { ...session, ...twoFactor };
}

/** A well-formed code that is not one of `secret`'s now. */
async function wrongCode(secret: string): Promise<string> {
  const valid = await Promise.all([-1, 0, 1].map((offset) => totpCode(secret, offset)));
  let code = 0;
  while (valid.includes(String(code).padStart(6, "0"))) code += 1;
  return String(code).padStart(6, "0");
}

/** Forgets the sign-in attempts counted for this e-mail. */
const forgetAttempts = (email: string) => db().rateLimit.deleteMany({ where: { key: email } });

/** Runs `body` with STAFF_MFA_REQUIRED_ROLES set to `value` (the app shares this process's configuration). */
async function withRequiredRoles(value: string | undefined, body: () => Promise<void> | void) {
  const previous = process.env.STAFF_MFA_REQUIRED_ROLES;
  try {
    if (value === undefined) delete process.env.STAFF_MFA_REQUIRED_ROLES;
    else process.env.STAFF_MFA_REQUIRED_ROLES = value;
    reloadConfig();
    await body();
  } finally {
    if (previous === undefined) delete process.env.STAFF_MFA_REQUIRED_ROLES;
    else process.env.STAFF_MFA_REQUIRED_ROLES = previous;
    reloadConfig();
  }
}

test("STAFF_MFA_REQUIRED_ROLES: admin by default, a list of roles, none, and an unknown role stops the start", async () => {
  await withRequiredRoles(undefined, () => assert.deepEqual(reloadConfig().STAFF_MFA_REQUIRED_ROLES, ["admin"]));
  await withRequiredRoles(" ", () => assert.deepEqual(reloadConfig().STAFF_MFA_REQUIRED_ROLES, ["admin"]));
  await withRequiredRoles("none", () => assert.deepEqual(reloadConfig().STAFF_MFA_REQUIRED_ROLES, []));
  await withRequiredRoles("operations, compliance,admin", () =>
    assert.deepEqual(reloadConfig().STAFF_MFA_REQUIRED_ROLES, ["operations", "compliance", "admin"]),
  );
  for (const bad of ["admin,superuser", "Admin", "admin,,operations", "none,admin"]) {
    await withRequiredRoles(bad, () => {}).then(
      () => assert.fail(`${bad} was accepted`),
      (error: Error) => {
        assert.ok(error instanceof ConfigError, bad);
        assert.match(error.message, /STAFF_MFA_REQUIRED_ROLES: .*is not a staff role/, bad);
      },
    );
  }
});

test("without a session the two-factor endpoints are a JSON 401", async () => {
  for (const [method, path] of [
    ["POST", "/api/admin/me/mfa/totp"],
    ["POST", "/api/admin/me/mfa/totp/confirm"],
    ["DELETE", `/api/admin/staff/${operations.staff.id}/mfa`],
  ]) {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: method === "POST" ? JSON.stringify({ code: "123456" }) : undefined,
    });
    assert.equal(response.status, 401, `${method} ${path}`);
    assert.equal((await response.json()).type, "authentication_error");
  }
});

test("an admin without two-factor can do nothing but enrol: every other admin path is 403 mfa_required", async () => {
  const held = await staffSession(app, "admin", { enrol: false });
  const session = await (await fetch(`${app.url}/api/auth/session`, { headers: { Cookie: held.jar.header() } })).json();
  assert.equal(session.user.twoFactor, false);
  assert.equal(session.user.twoFactorRequired, true);
  for (const [method, path] of [
    ["GET", "/api/admin/dashboard"],
    ["GET", "/api/admin/staff"],
    ["GET", `/api/admin/staff/${held.staff.id}`],
    ["POST", "/api/admin/staff"],
    ["DELETE", `/api/admin/staff/${held.staff.id}/mfa`],
    ["GET", "/api/admin/customers"],
    ["PUT", "/api/admin/settings/1"],
    ["GET", "/api/admin/no-such-thing"],
    ["POST", "/api/admin/me/something-else"],
  ]) {
    const response = await held.request(path, { method, json: method === "GET" ? undefined : {} });
    assert.equal(response.status, 403, `${method} ${path}`);
    assert.deepEqual({ ...(await response.json()), message: undefined }, { ...MFA_REQUIRED, message: undefined });
  }
  await enrolTwoFactor(held.request);
  assert.equal((await held.request("/api/admin/dashboard")).status, 200, "the same session, once enrolled");
  assert.equal((await held.request("/api/admin/no-such-thing")).status, 404);
});

test("roles the setting does not name are not held", async () => {
  const member = await staffSession(app, "compliance");
  assert.equal(member.twoFactor, undefined, "compliance is not required to by default");
  assert.equal((await member.request("/api/admin/customers")).status, 200);
  assert.equal((await member.request("/api/admin/no-such-thing")).status, 404);
});

test("enrolment: a base32 secret and its otpauth URL, stored encrypted, confirmed by a code for 10 recovery codes stored hashed", async () => {
  const { staff, request } = await staffSession(app, "operations");
  const started = await request("/api/admin/me/mfa/totp", { method: "POST" });
  assert.equal(started.status, 200);
  const { secret, otpauth_url } = await started.json();
  assert.match(secret, /^[A-Z2-7]{32}$/);
  const uri = new URL(otpauth_url);
  assert.equal(uri.protocol, "otpauth:");
  assert.equal(uri.searchParams.get("secret"), secret);
  assert.match(decodeURIComponent(otpauth_url), new RegExp(staff.email.replace(/\./g, "\\.")));
  const { tradingName } = await db().settings.findUniqueOrThrow({ where: { id: 1 } });
  assert.equal(uri.searchParams.get("issuer"), `${tradingName} back office`, "listed under the business's name");

  let row = await db().staff.findUniqueOrThrow({ where: { id: staff.id } });
  assert.equal(row.totpSecretEncrypted, null, "not in force before it is confirmed");
  assert.ok(row.totpPendingSecretEncrypted && !row.totpPendingSecretEncrypted.includes(secret), "encrypted");
  const withoutTwoFactor = await signIn(app, staff.email, STAFF_PASSWORD);
  assert.equal(withoutTwoFactor.status, 200, "an unconfirmed enrolment asks for no code");

  const wrong = await request("/api/admin/me/mfa/totp/confirm", {
    method: "POST",
    json: { code: await wrongCode(secret) },
  });
  assert.equal(wrong.status, 400);
  assert.equal((await wrong.json()).errors[0].param, "code");
  const right = await totpCode(secret);

  const confirmed = await request("/api/admin/me/mfa/totp/confirm", { method: "POST", json: { code: right } });
  assert.equal(confirmed.status, 200);
  const { recovery_codes } = await confirmed.json();
  assert.equal(recovery_codes.length, 10);
  assert.equal(new Set(recovery_codes).size, 10);
  for (const code of recovery_codes) assert.match(code, /^[a-z0-9]{5}-[a-z0-9]{5}$/);

  row = await db().staff.findUniqueOrThrow({ where: { id: staff.id } });
  assert.ok(row.totpSecretEncrypted && !row.totpSecretEncrypted.includes(secret));
  assert.equal(row.totpPendingSecretEncrypted, null);
  const stored = await db().staffRecoveryCode.findMany({ where: { staffId: staff.id } });
  assert.equal(stored.length, 10);
  const storedText = JSON.stringify(stored);
  for (const code of recovery_codes) {
    assert.ok(!storedText.includes(code) && !storedText.includes(code.replace("-", "")), "hashed");
  }

  const again = await request("/api/admin/me/mfa/totp/confirm", { method: "POST", json: { code: right } });
  assert.equal(again.status, 400, "nothing left to confirm");

  // Its changes, that is; its sign-ins are audit entries too (action sign_in).
  const audit = await db().auditLog.findMany({
    where: { resource: "staff", resourceId: String(staff.id), action: { not: "sign_in" } },
  });
  assert.deepEqual(
    audit.map((entry) => entry.action),
    ["two_factor_enrolment_started", "two_factor_enabled"],
  );
  const auditText = JSON.stringify(audit);
  assert.ok(!auditText.includes(secret) && !recovery_codes.some((code: string) => auditText.includes(code)));

  const listed = await (await admin.request(`/api/admin/staff/${staff.id}`)).json();
  assert.equal(listed.two_factor, true);
  assert.ok(!JSON.stringify(listed).includes("totp"));
});

test("confirm refuses a malformed body, an oversized, non-digit or missing code with a JSON 400, and before any enrolment", async () => {
  const { request } = await staffSession(app, "compliance");
  const before = await request("/api/admin/me/mfa/totp/confirm", { method: "POST", json: { code: "123456" } });
  assert.equal(before.status, 400);
  assert.match((await before.json()).message, /Start the two-factor set-up/);
  await request("/api/admin/me/mfa/totp", { method: "POST" });
  for (const body of [
    "{not json",
    JSON.stringify({ code: "x".repeat(10_000) }),
    JSON.stringify({ code: 123456 }),
    "{}",
    "[]",
  ]) {
    const response = await request("/api/admin/me/mfa/totp/confirm", { method: "POST", body });
    assert.equal(response.status, 400, body.slice(0, 40));
    assert.equal((await response.json()).type, "invalid_request_error");
  }
  for (const code of ["abcdef", "12345", "1234567", " 12 34 ", "１２３４５６"]) {
    const response = await request("/api/admin/me/mfa/totp/confirm", { method: "POST", json: { code } });
    assert.equal(response.status, 400, code);
  }
  const huge = await request("/api/admin/me/mfa/totp/confirm", {
    method: "POST",
    body: `{"code":"${"1".repeat(2_000_000)}"}`,
  });
  assert.ok([400, 413].includes(huge.status), `${huge.status}`);
});

test("concurrent confirmations of one enrolment: one gets the recovery codes, the other a 400", async () => {
  const { staff, request } = await staffSession(app, "operations");
  const { secret } = await (await request("/api/admin/me/mfa/totp", { method: "POST" })).json();
  const code = await totpCode(secret);
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => request("/api/admin/me/mfa/totp/confirm", { method: "POST", json: { code } })),
  );
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 400, 400, 400]);
  const [winner] = answers.filter((answer) => answer.status === 200);
  const { recovery_codes } = await winner.json();
  assert.equal(await db().staffRecoveryCode.count({ where: { staffId: staff.id } }), 10);
  const used = await signIn(app, staff.email, STAFF_PASSWORD, {}, recovery_codes[0]);
  assert.equal(used.status, 200, "the codes that were shown are the ones stored");
  const enabled = await db().auditLog.count({ where: { action: "two_factor_enabled", resourceId: String(staff.id) } });
  assert.equal(enabled, 1);
});

test("enrolments started at once: the one left pending is confirmed by its own code only", async () => {
  const { staff, request } = await staffSession(app, "compliance");
  const started = await Promise.all(
    Array.from({ length: 3 }, async () => (await request("/api/admin/me/mfa/totp", { method: "POST" })).json()),
  );
  assert.equal(new Set(started.map((enrolment) => enrolment.secret)).size, 3);
  const outcomes = [];
  for (const { secret } of started) {
    const confirmed = await request("/api/admin/me/mfa/totp/confirm", {
      method: "POST",
      json: { code: await totpCode(secret) },
    });
    outcomes.push(confirmed.status);
  }
  assert.deepEqual(outcomes.filter((status) => status === 200).length, 1, `${outcomes}`);
  assert.ok((await db().staff.findUniqueOrThrow({ where: { id: staff.id } })).totpSecretEncrypted);
});

test("sign-in: the code is asked for only after a right password; a wrong, malformed or replayed code signs nobody in", async () => {
  const member = await enrolledMember();
  const email = member.staff.email;

  const wrongPassword = await signIn(app, email, "wrong password");
  assert.equal(wrongPassword.status, 401);
  assert.equal(errorOf(wrongPassword), "CredentialsSignin", "a wrong password does not learn that a code is needed");
  const wrongPasswordRightCode = await signIn(app, email, "wrong password", {}, await totpCode(member.secret, 1));
  assert.equal(errorOf(wrongPasswordRightCode), "CredentialsSignin");
  await forgetAttempts(email);

  const withoutCode = await signIn(app, email, STAFF_PASSWORD);
  assert.equal(withoutCode.status, 401);
  assert.equal(errorOf(withoutCode), "code_required");
  assert.ok(!signedIn(withoutCode));

  for (const code of [
    await wrongCode(member.secret),
    "abcdef",
    "12345",
    "x".repeat(3_000),
    "1".repeat(7),
    "', OR 1=1 --",
    "１２３４５６",
  ]) {
    await forgetAttempts(email);
    const attempt = await signIn(app, email, STAFF_PASSWORD, {}, code);
    assert.equal(attempt.status, 401, code.slice(0, 20));
    assert.equal(errorOf(attempt), "CredentialsSignin");
    assert.ok(!signedIn(attempt));
  }
  const oversized = await signIn(app, email, STAFF_PASSWORD, {}, "1".repeat(2_000_000));
  assert.equal(oversized.status, 413);
  assert.ok(!signedIn(oversized));
  await forgetAttempts(email);

  const code = await totpCode(member.secret, 1);
  const right = await signIn(app, email, STAFF_PASSWORD, {}, code);
  assert.equal(right.status, 200);
  assert.ok(signedIn(right));
  const session = await (
    await fetch(`${app.url}/api/auth/session`, { headers: { Cookie: right.jar.header() } })
  ).json();
  assert.equal(session.user.email, email);
  assert.equal(session.user.twoFactor, true);

  const replayed = await signIn(app, email, STAFF_PASSWORD, {}, code);
  assert.equal(replayed.status, 401, "a code is accepted once");
  assert.ok(!signedIn(replayed));
  const earlier = await signIn(app, email, STAFF_PASSWORD, {}, await totpCode(member.secret, 0));
  assert.equal(earlier.status, 401, "and no code of an earlier step after it");
});

test("two sign-ins at once with the same valid code: exactly one session", async () => {
  for (let round = 0; round < 3; round++) {
    const member = await enrolledMember();
    await forgetAttempts(member.staff.email);
    const code = await totpCode(member.secret, 1);
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () => signIn(app, member.staff.email, STAFF_PASSWORD, {}, code)),
    );
    assert.deepEqual(attempts.map((attempt) => attempt.status).sort(), [200, 401, 401, 401]);
    assert.equal(attempts.filter(signedIn).length, 1);
  }
});

test("a recovery code works once in place of the code, written in any case with or without its dash", async () => {
  const member = await enrolledMember();
  const [first, second] = member.recoveryCodes;
  const used = await signIn(app, member.staff.email, STAFF_PASSWORD, {}, first);
  assert.equal(used.status, 200);
  assert.ok(signedIn(used));
  assert.equal((await signIn(app, member.staff.email, STAFF_PASSWORD, {}, first)).status, 401, "once only");
  const loose = await signIn(app, member.staff.email, STAFF_PASSWORD, {}, ` ${second.replace("-", "").toUpperCase()} `);
  assert.equal(loose.status, 200);
  assert.equal(await db().staffRecoveryCode.count({ where: { staffId: member.staff.id } }), 8);
  const other = await enrolledMember();
  const stranger = await signIn(app, other.staff.email, STAFF_PASSWORD, {}, member.recoveryCodes[2]);
  assert.equal(stranger.status, 401, "a code is the member's own");
});

test("two sign-ins at once with the same recovery code: exactly one session", async () => {
  const member = await enrolledMember();
  for (const code of member.recoveryCodes.slice(0, 3)) {
    await forgetAttempts(member.staff.email);
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () => signIn(app, member.staff.email, STAFF_PASSWORD, {}, code)),
    );
    assert.deepEqual(attempts.map((attempt) => attempt.status).sort(), [200, 401, 401, 401]);
    assert.equal(attempts.filter(signedIn).length, 1);
  }
  assert.equal(await db().staffRecoveryCode.count({ where: { staffId: member.staff.id } }), 7);
});

test("wrong codes count against the sign-in limit; asking for the code does not; a right code gives its attempt back", async () => {
  const member = await enrolledMember();
  const email = member.staff.email;
  const hits = async () =>
    (await db().rateLimit.findUnique({ where: { bucket_key: { bucket: "staff_login_email", key: email } } }))?.hits
      .length ?? 0;
  for (let attempt = 0; attempt < 8; attempt++) {
    assert.equal(errorOf(await signIn(app, email, STAFF_PASSWORD)), "code_required", `attempt ${attempt}`);
  }
  assert.equal(await hits(), 0);
  for (let attempt = 0; attempt < 4; attempt++) {
    assert.equal((await signIn(app, email, STAFF_PASSWORD, {}, "999999x")).status, 401);
  }
  assert.equal(await hits(), 4);
  assert.equal((await signIn(app, email, STAFF_PASSWORD, {}, member.recoveryCodes[0])).status, 200);
  assert.equal(await hits(), 4, "the right code's attempt was given back, the wrong ones stay");
  assert.equal((await signIn(app, email, STAFF_PASSWORD, {}, "999999x")).status, 401);
  const limited = await signIn(app, email, STAFF_PASSWORD, {}, await totpCode(member.secret, 1));
  assert.equal(limited.status, 429, "five wrong codes: even the right one waits");
  assert.ok(!signedIn(limited));
});

test("restarting enrolment keeps the confirmed two-factor in force until the new secret is confirmed", async () => {
  const member = await enrolledMember();
  const restarted = await (await member.request("/api/admin/me/mfa/totp", { method: "POST" })).json();
  assert.notEqual(restarted.secret, member.secret);
  const withOld = await signIn(app, member.staff.email, STAFF_PASSWORD, {}, await totpCode(member.secret, 1));
  assert.equal(withOld.status, 200, "the old secret still signs in");
  assert.equal(
    (await signIn(app, member.staff.email, STAFF_PASSWORD, {}, member.recoveryCodes[0])).status,
    200,
    "and so do the old recovery codes",
  );
  const confirmed = await member.request("/api/admin/me/mfa/totp/confirm", {
    method: "POST",
    json: { code: await totpCode(restarted.secret) },
  });
  assert.equal(confirmed.status, 200);
  const { recovery_codes } = await confirmed.json();
  assert.equal(
    (await signIn(app, member.staff.email, STAFF_PASSWORD, {}, member.recoveryCodes[1])).status,
    401,
    "the old recovery codes are gone",
  );
  assert.equal((await signIn(app, member.staff.email, STAFF_PASSWORD, {}, recovery_codes[0])).status, 200);
  assert.equal(
    (await signIn(app, member.staff.email, STAFF_PASSWORD, {}, await totpCode(restarted.secret, 1))).status,
    200,
    "the new secret signs in",
  );
});

test("an admin resets a colleague's two-factor, audited; other roles may not", async () => {
  const member = await enrolledMember("admin");
  const path = `/api/admin/staff/${member.staff.id}/mfa`;
  for (const other of [operations, compliance]) {
    const refused = await other.request(path, { method: "DELETE" });
    assert.equal(refused.status, 403);
    assert.equal((await refused.json()).type, "permission_error");
  }
  assert.equal((await admin.request(path, { method: "POST" })).status, 405);
  assert.equal((await admin.request("/api/admin/staff/999999/mfa", { method: "DELETE" })).status, 404);
  assert.equal((await admin.request("/api/admin/staff/abc/mfa", { method: "DELETE" })).status, 404);

  const reset = await admin.request(path, { method: "DELETE" });
  assert.equal(reset.status, 200);
  assert.equal((await reset.json()).two_factor, false);
  const row = await db().staff.findUniqueOrThrow({ where: { id: member.staff.id } });
  assert.equal(row.totpSecretEncrypted, null);
  assert.equal(await db().staffRecoveryCode.count({ where: { staffId: member.staff.id } }), 0);
  const audit = await db().auditLog.findFirstOrThrow({
    where: { resource: "staff", resourceId: String(member.staff.id) },
    orderBy: { id: "desc" },
  });
  assert.equal(audit.action, "two_factor_reset");
  assert.equal(audit.staffId, admin.staff.id);
  assert.deepEqual(
    [(audit.before as { two_factor: boolean }).two_factor, (audit.after as { two_factor: boolean }).two_factor],
    [true, false],
  );

  const passwordOnly = await signIn(app, member.staff.email, STAFF_PASSWORD);
  assert.equal(passwordOnly.status, 200, "the password alone signs in again");
  const again = await Promise.all([1, 2].map(() => admin.request(path, { method: "DELETE" })));
  assert.deepEqual(
    again.map((answer) => answer.status),
    [200, 200],
  );
  assert.equal(
    await db().auditLog.count({ where: { action: "two_factor_reset", resourceId: String(member.staff.id) } }),
    1,
  );
  const twice = await enrolledMember("operations");
  const resets = await Promise.all(
    [1, 2, 3].map(() => admin.request(`/api/admin/staff/${twice.staff.id}/mfa`, { method: "DELETE" })),
  );
  assert.deepEqual(
    resets.map((answer) => answer.status),
    [200, 200, 200],
  );
  assert.equal(
    await db().auditLog.count({ where: { action: "two_factor_reset", resourceId: String(twice.staff.id) } }),
    1,
  );
  // Held again until they enrol: the session from the password alone reaches nothing else.
  const held = await fetch(`${app.url}/api/admin/dashboard`, { headers: { Cookie: passwordOnly.jar.header() } });
  assert.equal(held.status, 403);
  assert.equal((await held.json()).type, "mfa_required");
});

test("a secret that cannot be read (AUTH_SECRET changed) accepts no code, but a recovery code still signs in", async () => {
  const member = await enrolledMember();
  await db().staff.update({ where: { id: member.staff.id }, data: { totpSecretEncrypted: "v1.AAAA.BBBB.CCCC" } });
  const attempt = await signIn(app, member.staff.email, STAFF_PASSWORD, {}, await totpCode(member.secret, 1));
  assert.equal(attempt.status, 401);
  assert.equal((await signIn(app, member.staff.email, STAFF_PASSWORD, {}, member.recoveryCodes[0])).status, 200);
  const staff = await makeStaff("operations");
  assert.equal(
    (await signIn(app, staff.email, STAFF_PASSWORD, {}, "123456")).status,
    200,
    "a code given without two-factor is ignored",
  );
});

test("a database error while a code is checked answers the fixed 503, never the error's text, and no session", async () => {
  const member = await enrolledMember();
  await db().$executeRawUnsafe("ALTER TABLE staff_recovery_codes RENAME TO staff_recovery_codes_away");
  let attempt: SignInAttempt;
  try {
    attempt = await signIn(app, member.staff.email, STAFF_PASSWORD, {}, member.recoveryCodes[0]);
  } finally {
    await db().$executeRawUnsafe("ALTER TABLE staff_recovery_codes_away RENAME TO staff_recovery_codes");
  }
  assert.equal(attempt.status, 503);
  assert.deepEqual(attempt.body, { code: 503, type: "api_error", message: "Service temporarily unavailable" });
  assert.ok(!signedIn(attempt));
  const codeRequired = await signIn(app, member.staff.email, STAFF_PASSWORD);
  assert.deepEqual(Object.keys(codeRequired.body), ["url"], "the code step says nothing else");
  assert.equal((await signIn(app, member.staff.email, STAFF_PASSWORD, {}, member.recoveryCodes[0])).status, 200);
});
