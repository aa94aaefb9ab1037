/**
 * Customers' two-factor (issue 26) over HTTP against the production build: enrolment, confirmation
 * and turning it off; login's 403 mfa_required and POST /client/v1/login/mfa with a TOTP code
 * (computed with otplib) or a recovery code; what ends an mfa_token (time, use, 5 codes, guessed
 * at once); replays; the step-up on the sensitive changes; hostile input; the notice e-mails in
 * the customer's language; and the back office's reset.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { generate } from "otplib";
import { sha256 } from "@/lib/platform/secrets";
import { storedKey } from "@/lib/domain/rate-limits/count-attempt";
import { db, startTestApp } from "./support/app";
import { bearer, DEVICE, login, registeredCustomer, sentText, uniqueEmail, VERIFY_URL } from "./support/accounts";
import { staffSession } from "./support/staff";
import { openPersonalValues } from "@/lib/domain/audit/open-personal-values";

// Every request comes from one address: the per-e-mail limit is the one under test.
const LOGIN_LIMIT = 8;
const app = await startTestApp({
  LOGIN_MAX_FAILURES_PER_EMAIL: String(LOGIN_LIMIT),
  LOGIN_MAX_FAILURES_PER_IP: "100000",
});
const compliance = await staffSession(app, "compliance");
const operations = await staffSession(app, "operations");

const totpCode = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

const post = (path: string, json: unknown, token?: string) =>
  app.request(path, { method: "POST", headers: { ...DEVICE, ...(token ? bearer(token) : {}) }, json });

const fieldErrors = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}:${e.code}`).sort();

/** The field errors of a replayed code's answer, its message checked: it says the code was used. */
async function alreadyUsed(response: Response): Promise<string[]> {
  const { errors } = (await response.json()) as { errors: { param: string; code: string; message: string }[] };
  for (const error of errors) assert.match(error.message, /already used/);
  return errors.map((e) => `${e.param}:${e.code}`);
}

/** Lets the codes of the current steps be used again (each test may use several within 30 s). */
const forgetUsedSteps = (email: string) => db().customer.update({ where: { email }, data: { totpLastStep: null } });

/** Forgets the login attempts counted for this e-mail. */
const forgetAttempts = (email: string) => db().rateLimit.deleteMany({ where: { key: storedKey(email) } });

/** A well-formed code that is none of `secret`'s valid ones now. */
async function wrongCode(secret: string): Promise<string> {
  const valid = await Promise.all([-1, 0, 1].map((offset) => totpCode(secret, offset)));
  let code = 0;
  while (valid.includes(String(code).padStart(6, "0"))) code += 1;
  return String(code).padStart(6, "0");
}

/** A registered customer with two-factor on: its secret and recovery codes, every step usable. */
async function customerWithMfa() {
  const customer = await registeredCustomer(app);
  const started = await post("/client/v1/me/mfa/totp", { password: customer.password }, customer.token);
  assert.equal(started.status, 200);
  const { secret, otpauth_url } = await started.json();
  const confirmed = await post("/client/v1/me/mfa/totp/confirm", { code: await totpCode(secret) }, customer.token);
  assert.equal(confirmed.status, 200);
  const { recovery_codes } = await confirmed.json();
  await forgetUsedSteps(customer.email);
  return { ...customer, secret, otpauth_url: otpauth_url as string, recoveryCodes: recovery_codes as string[] };
}

type MfaCustomer = Awaited<ReturnType<typeof customerWithMfa>>;

/** Logs in with the right password: the mfa_token of the 403. */
async function mfaToken(customer: { email: string; password: string }): Promise<string> {
  const response = await login(app, customer.email, customer.password);
  assert.equal(response.status, 403);
  const body = await response.json();
  assert.equal(body.type, "mfa_required");
  return body.mfa_token;
}

const loginMfa = (mfa_token: unknown, code: unknown) => post("/client/v1/login/mfa", { mfa_token, code });

async function tokenWorks(token: string): Promise<boolean> {
  const response = await app.request("/client/v1/me", { headers: bearer(token) });
  await response.body?.cancel();
  return response.status === 200;
}

const outbox = (to: string, template: "mfa_enabled" | "mfa_disabled" | "recovery_code_used") =>
  db().emailOutbox.findMany({ where: { toAddress: to, template } });

test("enrol, confirm: the secret under the trading name, ten recovery codes stored hashed, a notice, and login asks for a code", async () => {
  const customer = await customerWithMfa();
  const { tradingName } = await db().settings.findFirstOrThrow();
  const url = new URL(customer.otpauth_url);
  assert.equal(url.protocol, "otpauth:");
  assert.equal(url.searchParams.get("issuer"), tradingName);
  assert.equal(url.searchParams.get("secret"), customer.secret);
  assert.equal(customer.recoveryCodes.length, 10);
  assert.equal(new Set(customer.recoveryCodes).size, 10);
  for (const code of customer.recoveryCodes) assert.match(code, /^[a-z0-9]{5}-[a-z0-9]{5}$/);

  const row = await db().customer.findUniqueOrThrow({
    where: { email: customer.email },
    include: { recoveryCodes: true },
  });
  assert.ok(row.totpEnabledAt);
  assert.ok(row.totpSecretEncrypted && !row.totpSecretEncrypted.includes(customer.secret), "the secret is sealed");
  assert.equal(row.totpPendingSecretEncrypted, null);
  assert.deepEqual(
    row.recoveryCodes.map((code) => code.codeHash).sort(),
    customer.recoveryCodes.map((code) => sha256(code.replace("-", ""))).sort(),
    "only the hashes are stored",
  );
  const [notice] = await outbox(customer.email, "mfa_enabled");
  assert.match(notice.subject, /^Two-factor sign-in is on for your .+ account$/);
  const events = await db().customerEvent.findMany({ where: { customerId: row.id, type: "mfa_enabled" } });
  assert.deepEqual(
    events.map((event) => event.outcome),
    ["success"],
  );

  const response = await login(app, customer.email, customer.password);
  assert.equal(response.status, 403);
  const body = await response.json();
  assert.deepEqual(Object.keys(body).sort(), ["code", "message", "mfa_token", "type"]);
  assert.equal(body.code, 403);
  assert.equal(body.type, "mfa_required");
  assert.match(body.mfa_token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(
    await db().customerMfaToken.count({ where: { tokenHash: sha256(body.mfa_token) } }),
    1,
    "the mfa_token is stored as its hash",
  );
  assert.equal(
    await db().loginToken.count({ where: { customerId: row.id } }),
    1,
    "no login token but the registration's",
  );
});

test("enrolment refusals: wrong password, already on, no set-up, a wrong code, hostile codes", async () => {
  const customer = await registeredCustomer(app);
  const wrong = await post("/client/v1/me/mfa/totp", { password: "not the password" }, customer.token);
  assert.equal(wrong.status, 400);
  assert.deepEqual(await fieldErrors(wrong), ["password:invalid"]);
  assert.deepEqual(await fieldErrors(await post("/client/v1/me/mfa/totp", {}, customer.token)), ["password:required"]);

  const early = await post("/client/v1/me/mfa/totp/confirm", { code: "123456" }, customer.token);
  assert.equal(early.status, 400);
  assert.match((await early.json()).message, /Start the two-factor set-up first/);

  const { secret } = await (
    await post("/client/v1/me/mfa/totp", { password: customer.password }, customer.token)
  ).json();
  for (const [code, expected] of [
    [await wrongCode(secret), "code:invalid"],
    ["12\u00003456", "code:invalid_characters"],
    ["1".repeat(65), "code:too_long"],
    ["", "code:required"],
    [123456, "code:required"],
  ] as const) {
    const response = await post("/client/v1/me/mfa/totp/confirm", { code }, customer.token);
    assert.equal(response.status, 400, String(code));
    const errors = await fieldErrors(response);
    assert.equal(errors.length, 1);
    assert.ok(errors[0].startsWith("code:"), errors[0]);
    if (typeof code === "string") assert.equal(errors[0], expected);
  }
  const on = await post("/client/v1/me/mfa/totp/confirm", { code: await totpCode(secret) }, customer.token);
  assert.equal(on.status, 200);
  const again = await post("/client/v1/me/mfa/totp", { password: customer.password }, customer.token);
  assert.equal(again.status, 400);
  assert.match((await again.json()).message, /already on/);

  const unauthenticated = await post("/client/v1/me/mfa/totp", { password: customer.password });
  assert.equal(unauthenticated.status, 401);
});

/** A registered customer with a two-factor enrolment started: its secret, and its id. */
async function customerEnrolling() {
  const customer = await registeredCustomer(app);
  const started = await post("/client/v1/me/mfa/totp", { password: customer.password }, customer.token);
  assert.equal(started.status, 200);
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  return { ...customer, id, secret: (await started.json()).secret as string };
}

const confirm = (code: string, token: string) => post("/client/v1/me/mfa/totp/confirm", { code }, token);

test("wrong codes at the enrolment's confirmation: the limit's number are checked, then 429 until the window has passed", async () => {
  const customer = await customerEnrolling();
  const wrong = await wrongCode(customer.secret);
  for (let i = 1; i <= LOGIN_LIMIT; i++) {
    const response = await confirm(wrong, customer.token);
    assert.equal(response.status, 400, `guess ${i}`);
    assert.deepEqual(await fieldErrors(response), ["code:invalid"]);
  }
  const limited = await confirm(await totpCode(customer.secret), customer.token);
  assert.equal(limited.status, 429, "even the right code, once the limit is used up");
  assert.equal((await limited.json()).type, "rate_limit_error");
  const retryAfter = Number(limited.headers.get("retry-after"));
  assert.ok(retryAfter > 14 * 60 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
  assert.equal((await db().customer.findUniqueOrThrow({ where: { id: customer.id } })).totpEnabledAt, null);
  assert.deepEqual(
    (await db().customerEvent.findMany({ where: { customerId: customer.id, type: "mfa_enabled" } }))
      .map((event) => event.outcome)
      .sort(),
    [...Array(LOGIN_LIMIT).fill("failure"), "rate_limited"],
  );
  assert.equal((await login(app, customer.email, customer.password)).status, 200, "the login's limit is another's");

  // Once the window has passed (moved back in time here), the right code works.
  await db().$executeRaw`
    UPDATE rate_limits SET hits = ARRAY(SELECT hit - interval '16 minutes' FROM unnest(hits) AS hit)
    WHERE bucket = 'totp_confirm_account' AND key = ${storedKey(String(customer.id))}`;
  const on = await confirm(await totpCode(customer.secret), customer.token);
  assert.equal(on.status, 200, await on.clone().text());
  const { hits } = await db().rateLimit.findUniqueOrThrow({
    where: { bucket_key: { bucket: "totp_confirm_account", key: storedKey(String(customer.id)) } },
  });
  assert.ok(
    hits.every((hit) => hit.getTime() < Date.now() - 15 * 60_000),
    "the right code gave its count back",
  );
});

test("wrong codes at the enrolment's confirmation sent at once: no more checked than the limit, the rest 429", async () => {
  const customer = await customerEnrolling();
  const wrong = await wrongCode(customer.secret);
  const responses = await Promise.all(Array.from({ length: 30 }, () => confirm(wrong, customer.token)));
  const statuses = responses.map((response) => response.status);
  assert.equal(statuses.filter((status) => status === 400).length, LOGIN_LIMIT, `checked: ${statuses}`);
  assert.equal(statuses.filter((status) => status === 429).length, 30 - LOGIN_LIMIT, `refused: ${statuses}`);
  for (const response of responses.filter(({ status }) => status === 429)) {
    assert.ok(Number(response.headers.get("retry-after")) > 0);
  }
  assert.equal((await confirm(await totpCode(customer.secret), customer.token)).status, 429);
});

test("turning two-factor on ends every other session of the customer; the confirming one goes on", async () => {
  const customer = await customerEnrolling();
  const elsewhere = await (await login(app, customer.email, customer.password)).json();
  assert.ok(await tokenWorks(elsewhere.token));

  const on = await confirm(await totpCode(customer.secret), customer.token);
  assert.equal(on.status, 200);

  assert.equal(await tokenWorks(elsewhere.token), false, "the other session's access token is dead");
  const refreshElsewhere = await post("/client/v1/token/refresh", { refresh_token: elsewhere.refresh_token });
  assert.equal(refreshElsewhere.status, 401, "the other session's refresh token is dead");
  assert.ok(await tokenWorks(customer.token), "the confirming session goes on");
  const refreshed = await post("/client/v1/token/refresh", { refresh_token: customer.refreshToken });
  assert.equal(refreshed.status, 200, "and can be refreshed");
  assert.ok(await tokenWorks((await refreshed.json()).token));
  const sessions = await db().loginToken.findMany({ where: { customerId: customer.id, revokedAt: null } });
  assert.equal(sessions.length, 1);
});

test("login/mfa with a TOTP code: the tokens as login answers them, the mfa_token spent, the code not accepted twice", async () => {
  const customer = await customerWithMfa();
  const code = await totpCode(customer.secret);
  const first = await mfaToken(customer);
  const response = await loginMfa(first, code);
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.deepEqual(Object.keys(body), ["code", "message", "token", "refresh_token", "expires_in", "token_type"]);
  assert.ok(await tokenWorks(body.token));

  const spent = await loginMfa(first, await totpCode(customer.secret, 1));
  assert.equal(spent.status, 401, "single use");

  const replay = await loginMfa(await mfaToken(customer), code);
  assert.equal(replay.status, 400, "the same code again, within its window");
  assert.deepEqual(await alreadyUsed(replay), ["code:already_used"], "said to be used, not wrong");
  assert.equal(await db().customerMfaToken.count({ where: { tokenHash: sha256(first) } }), 0, "a spent one is cleared");

  const login2 = await loginMfa(await mfaToken(customer), await totpCode(customer.secret, 1));
  assert.equal(login2.status, 200, "the next step's code (one step of drift) works once");
  const events = await db().customerEvent.findMany({
    where: { email: customer.email, type: { in: ["login", "login_mfa_failed"] } },
    orderBy: { id: "asc" },
  });
  assert.deepEqual(
    events.map((event) => `${event.type}:${event.outcome}`),
    ["login:success", "login_mfa_failed:failure", "login:success"],
  );
});

test("the same right code sent twice at once logs in once", async () => {
  const customer = await customerWithMfa();
  const code = await totpCode(customer.secret);
  const [one, two] = await Promise.all([mfaToken(customer), mfaToken(customer)]);
  const statuses = (await Promise.all([loginMfa(one, code), loginMfa(two, code)])).map((response) => response.status);
  assert.deepEqual(statuses.sort(), [200, 400]);
});

test("login/mfa with a recovery code: works once, e-mails the customer in their language", async () => {
  const customer = await customerWithMfa();
  await db().customer.update({ where: { email: customer.email }, data: { locale: "fr_FR" } });
  const [recovery] = customer.recoveryCodes;
  const response = await loginMfa(await mfaToken(customer), ` ${recovery.toUpperCase()} `);
  assert.equal(response.status, 200);
  assert.ok(await tokenWorks((await response.json()).token));

  const again = await loginMfa(await mfaToken(customer), recovery);
  assert.equal(again.status, 400);
  assert.deepEqual(await fieldErrors(again), ["code:invalid"]);

  assert.equal(await db().customerRecoveryCode.count({ where: { customer: { email: customer.email } } }), 9);
  const notices = await outbox(customer.email, "recovery_code_used");
  assert.equal(notices.length, 1);
  assert.match(notices[0].subject, /Un code de secours a été utilisé/);
  assert.match(sentText(notices[0]) ?? "", /codes de secours/);
  assert.equal(
    await db().customerEvent.count({
      where: { email: customer.email, type: "recovery_code_used", outcome: "success" },
    }),
    1,
  );
});

test("an mfa_token ends: after its lifetime, with a password change, and for another app", async () => {
  const customer = await customerWithMfa();
  const expired = await mfaToken(customer);
  await db().customerMfaToken.update({
    where: { tokenHash: sha256(expired) },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  assert.equal((await loginMfa(expired, await totpCode(customer.secret))).status, 401);

  const lifetime = await db().customerMfaToken.findUniqueOrThrow({
    where: { tokenHash: sha256(await mfaToken(customer)) },
  });
  assert.equal(lifetime.expiresAt.getTime() - lifetime.createdAt.getTime(), 5 * 60 * 1000, "5 minutes by default");

  const beforeChange = await mfaToken(customer);
  await db().customer.update({ where: { email: customer.email }, data: { credentialsVersion: { increment: 1 } } });
  assert.equal((await loginMfa(beforeChange, await totpCode(customer.secret))).status, 401);

  const other = await mfaToken(customer);
  await db().customerMfaToken.update({ where: { tokenHash: sha256(other) }, data: { apiClientId: 999_999 } });
  assert.equal((await loginMfa(other, await totpCode(customer.secret))).status, 401);
  assert.equal((await loginMfa("no-such-token", "123456")).status, 401);
});

test("5 wrong codes kill an mfa_token; wrong codes count against the login limit like passwords", async () => {
  const customer = await customerWithMfa();
  const wrong = await wrongCode(customer.secret);
  const first = await mfaToken(customer);
  for (let i = 0; i < 5; i++) assert.equal((await loginMfa(first, wrong)).status, 400);
  assert.equal(
    (await loginMfa(first, await totpCode(customer.secret))).status,
    401,
    "dead after 5, even for the right code",
  );

  const second = await mfaToken(customer);
  for (let i = 5; i < LOGIN_LIMIT; i++) assert.equal((await loginMfa(second, wrong)).status, 400);
  const limited = await loginMfa(second, await totpCode(customer.secret));
  assert.equal(limited.status, 429, "the account's login limit is used up by the wrong codes");
  assert.ok(limited.headers.get("Retry-After"));
  assert.equal((await login(app, customer.email, customer.password)).status, 429, "login shares the limit");
});

test("codes guessed at once: at most 5 checked before the token dies, none accepted", async () => {
  const customer = await customerWithMfa();
  const token = await mfaToken(customer);
  const guesses = Array.from({ length: 20 }, (_, i) => String(100000 + i * 7919).slice(0, 6));
  const valid = await Promise.all([-1, 0, 1].map((offset) => totpCode(customer.secret, offset)));
  const wrongGuesses = guesses.filter((guess) => !valid.includes(guess));
  const statuses = (await Promise.all(wrongGuesses.map((guess) => loginMfa(token, guess)))).map((r) => r.status);
  assert.ok(!statuses.includes(200), "none accepted");
  assert.ok(!statuses.includes(500));
  // The login limit lets LOGIN_LIMIT (8) of them through, of which the token takes exactly 5.
  assert.equal(statuses.filter((status) => status === 400).length, 5, `checked: ${statuses}`);
  const row = await db().customerMfaToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
  assert.equal(row.attempts, 5);
  assert.equal(
    await db().customerEvent.count({ where: { email: customer.email, type: "login_mfa_failed", outcome: "failure" } }),
    5,
  );
  await forgetAttempts(customer.email);
  assert.equal((await loginMfa(token, await totpCode(customer.secret))).status, 401, "dead");
});

test("hostile mfa_token and code: a 400, never a 500", async () => {
  const customer = await customerWithMfa();
  const token = await mfaToken(customer);
  const cases: [unknown, unknown, string][] = [
    [undefined, "123456", "mfa_token:required"],
    [token, undefined, "code:required"],
    ["x".repeat(129), "123456", "mfa_token:too_long"],
    ["abc\u0007def", "123456", "mfa_token:invalid_characters"],
    [token, "1".repeat(65), "code:too_long"],
    [token, "12\u001b3456", "code:invalid_characters"],
    [token, "\ud800", "code:invalid_characters"],
    [{ token }, "123456", "mfa_token:required"],
  ];
  for (const [mfa_token, code, expected] of cases) {
    const response = await loginMfa(mfa_token, code);
    assert.equal(response.status, 400, expected);
    const [error] = await fieldErrors(response);
    assert.equal(error.split(":")[0], expected.split(":")[0], expected);
    if (typeof mfa_token !== "object" || mfa_token === undefined) assert.equal(error, expected);
  }
  // Any text that is no code: checked and refused, never a server error.
  for (const code of ["12345", "1234567", "abcdef", "aaaaa-aaaaa", "-".repeat(64), "٣٤٥٦٧٨"]) {
    assert.equal((await loginMfa(token, code)).status, 400, code);
    await db().customerMfaToken.update({ where: { tokenHash: sha256(token) }, data: { attempts: 0 } });
    await forgetAttempts(customer.email);
  }
  const notJson = await app.request("/client/v1/login/mfa", {
    method: "POST",
    headers: { ...DEVICE, "Content-Type": "application/json" },
    body: "{",
  });
  assert.equal(notJson.status, 400);
});

/** The four step-up endpoints, each with the fields it needs besides `code`. */
const STEP_UPS: { name: string; call(customer: MfaCustomer, code?: string): Promise<Response> }[] = [
  {
    name: "change-email",
    call: (customer, code) =>
      post(
        "/client/v1/change-email",
        { email: uniqueEmail("new"), password: customer.password, email_verification_url: VERIFY_URL, code },
        customer.token,
      ),
  },
  {
    name: "change-password",
    call: (customer, code) =>
      post(
        "/client/v1/change-password",
        {
          current_password: customer.password,
          password: "a fresh and unusual passphrase",
          confirm_password: "a fresh and unusual passphrase",
          code,
        },
        customer.token,
      ),
  },
  {
    name: "close-account",
    call: (customer, code) => post("/client/v1/close-account", { password: customer.password, code }, customer.token),
  },
  {
    name: "disable",
    call: (customer, code) =>
      post("/client/v1/me/mfa/totp/disable", { password: customer.password, code }, customer.token),
  },
];

for (const stepUp of STEP_UPS) {
  test(`step-up on ${stepUp.name}: a current code is needed (missing, wrong, hostile, right)`, async () => {
    const customer = await customerWithMfa();
    const missing = await stepUp.call(customer);
    assert.equal(missing.status, 400);
    assert.deepEqual(await fieldErrors(missing), ["code:required"]);
    const wrong = await stepUp.call(customer, await wrongCode(customer.secret));
    assert.equal(wrong.status, 400);
    assert.deepEqual(await fieldErrors(wrong), ["code:invalid"]);
    const hostile = await stepUp.call(customer, "12\u00003456");
    assert.equal(hostile.status, 400);
    assert.deepEqual(await fieldErrors(hostile), ["code:invalid_characters"]);
    assert.deepEqual(await fieldErrors(await stepUp.call(customer, "9".repeat(65))), ["code:too_long"]);
    const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
    const failures = await db().customerEvent.count({ where: { customerId: id, outcome: "failure" } });
    assert.equal(failures, 1, "the wrong code is recorded as the action's failure");

    // A code the login just used: said so, not that it is wrong.
    const used = await totpCode(customer.secret);
    assert.equal((await loginMfa(await mfaToken(customer), used)).status, 200);
    const replayed = await stepUp.call(customer, used);
    assert.equal(replayed.status, 400);
    assert.deepEqual(await alreadyUsed(replayed), ["code:already_used"]);

    const right = await stepUp.call(customer, await totpCode(customer.secret, 1));
    assert.equal(right.status, 200);
  });
}

test("without two-factor, the step-up endpoints need no code", async () => {
  const customer = await registeredCustomer(app);
  const response = await post("/client/v1/close-account", { password: customer.password }, customer.token);
  assert.equal(response.status, 200);
});

test("disable: two-factor off, the recovery codes gone, a notice, and login answers a token again", async () => {
  const customer = await customerWithMfa();
  const wrongPassword = await post(
    "/client/v1/me/mfa/totp/disable",
    { password: "not it", code: await totpCode(customer.secret) },
    customer.token,
  );
  assert.deepEqual(await fieldErrors(wrongPassword), ["password:invalid"]);
  const response = await post(
    "/client/v1/me/mfa/totp/disable",
    { password: customer.password, code: customer.recoveryCodes[0] },
    customer.token,
  );
  assert.equal(response.status, 200, "a recovery code will do");
  const row = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  assert.deepEqual([row.totpSecretEncrypted, row.totpEnabledAt, row.totpLastStep], [null, null, null]);
  assert.equal(await db().customerRecoveryCode.count({ where: { customerId: row.id } }), 0);
  assert.equal((await outbox(customer.email, "mfa_disabled")).length, 1);
  const again = await login(app, customer.email, customer.password);
  assert.equal(again.status, 200);
  const off = await post(
    "/client/v1/me/mfa/totp/disable",
    { password: customer.password, code: "123456" },
    customer.token,
  );
  assert.equal(off.status, 400);
});

test("back office: compliance resets a customer's two-factor with a reason, audited and e-mailed; operations may not", async () => {
  const customer = await customerWithMfa();
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  const shown = await (await compliance.request(`/api/admin/customers/${id}`)).json();
  assert.ok(shown.two_factor_enabled_at);

  const refused = await operations.request(`/api/admin/customers/${id}/reset-mfa`, {
    method: "POST",
    json: { reason: "Lost phone" },
  });
  assert.equal(refused.status, 403);
  const noReason = await compliance.request(`/api/admin/customers/${id}/reset-mfa`, { method: "POST", json: {} });
  assert.equal(noReason.status, 400);

  const pending = await mfaToken(customer);
  const response = await compliance.request(`/api/admin/customers/${id}/reset-mfa`, {
    method: "POST",
    json: { reason: "Lost phone, identity checked by call" },
  });
  assert.equal(response.status, 200);
  assert.equal((await response.json()).two_factor_enabled_at, null);
  const [audit] = await openPersonalValues([
    await db().auditLog.findFirstOrThrow({
      where: { resource: "customers", resourceId: String(id), action: "reset_mfa" },
    }),
  ]);
  assert.equal((audit.after as { reason: string }).reason, "Lost phone, identity checked by call");
  assert.equal(await db().customerEvent.count({ where: { customerId: id, type: "mfa_reset_by_staff" } }), 1);
  assert.equal((await outbox(customer.email, "mfa_disabled")).length, 1);
  assert.equal(
    (await loginMfa(pending, await totpCode(customer.secret))).status,
    401,
    "a login waiting for a code ends",
  );
  assert.equal((await login(app, customer.email, customer.password)).status, 200);

  const nothing = await compliance.request(`/api/admin/customers/${id}/reset-mfa`, {
    method: "POST",
    json: { reason: "again" },
  });
  assert.equal(nothing.status, 400);
});
