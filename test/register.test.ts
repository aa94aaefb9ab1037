import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { DEVICE, register, tokenFromLatestEmail, uniqueEmail, VERIFY_URL } from "./support/accounts";
import { sha256 } from "@/lib/platform/secrets";

const app = await startTestApp();

async function errorsOf(response: Response) {
  assert.equal(response.status, 400);
  const body = await response.json();
  assert.equal(body.code, 400);
  assert.equal(body.type, "invalid_request_error");
  assert.equal(body.message, "Invalid request");
  for (const entry of body.errors) {
    assert.deepEqual(Object.keys(entry).sort(), ["code", "message", "param"]);
    assert.ok(entry.message.length > 0);
  }
  return body.errors.map((e: { param: string; code: string }) => `${e.param}:${e.code}`).sort();
}

function registerWith(form: Record<string, string>, headers: Record<string, string> = DEVICE) {
  return app.request("/client/v1/register", { method: "POST", headers, form });
}

test("registration returns a session's tokens, stores only their hashes, and queues the verification e-mail", async () => {
  const email = uniqueEmail("New.Person");
  const response = await register(app, email);
  assert.equal(response.status, 201);
  const body = await response.json();
  assert.deepEqual(Object.keys(body), ["code", "message", "token", "refresh_token", "expires_in", "token_type"]);
  assert.equal(body.code, 201);
  assert.equal(body.message, "Success");
  assert.match(body.token, /^[A-Za-z0-9_-]{43,}$/, "at least 32 random bytes, base64url");

  const customer = await db().customer.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
  assert.match(customer.passwordHash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  assert.equal(customer.emailVerifiedAt, null);

  const [loginToken] = await db().loginToken.findMany({ where: { customerId: customer.id } });
  assert.equal(loginToken.tokenHash, sha256(body.token));
  assert.equal(loginToken.refreshTokenHash, sha256(body.refresh_token));
  assert.deepEqual(
    { ip: loginToken.ip, userAgent: loginToken.userAgent, fingerprint: loginToken.fingerprint },
    { ip: "203.0.113.7", userAgent: "TestApp/1.0 (iPhone)", fingerprint: "fp-123" },
  );
  assert.equal(loginToken.expiresAt.getTime() - loginToken.createdAt.getTime(), body.expires_in * 1000);
  assert.equal(body.expires_in, 3600);
  const stored = JSON.stringify(await db().loginToken.findMany());
  assert.ok(!stored.includes(body.token) && !stored.includes(body.refresh_token), "the raw tokens are stored nowhere");

  const verification = await tokenFromLatestEmail(email.toLowerCase(), "verify_email");
  const emailToken = await db().emailToken.findUniqueOrThrow({ where: { tokenHash: sha256(verification) } });
  assert.equal(emailToken.purpose, "verify_email");
  assert.equal(Math.round((emailToken.expiresAt.getTime() - emailToken.createdAt.getTime()) / 3_600_000), 24);

  const [event] = await db().customerEvent.findMany({ where: { customerId: customer.id } });
  assert.deepEqual(
    {
      type: event.type,
      outcome: event.outcome,
      ip: event.ip,
      userAgent: event.userAgent,
      fingerprint: event.fingerprint,
    },
    {
      type: "register",
      outcome: "success",
      ip: "203.0.113.7",
      userAgent: "TestApp/1.0 (iPhone)",
      fingerprint: "fp-123",
    },
  );
});

test("JSON bodies are accepted with the same fields", async () => {
  const email = uniqueEmail();
  const response = await app.request("/client/v1/register", {
    method: "POST",
    headers: DEVICE,
    json: {
      email,
      password: "a long password",
      confirm_password: "a long password",
      email_verification_url: VERIFY_URL,
    },
  });
  assert.equal(response.status, 201);
});

test("every missing field is reported as required, at once", async () => {
  assert.deepEqual(await errorsOf(await registerWith({})), [
    "confirm_password:required",
    "email:required",
    "email_verification_url:required",
    "password:required",
  ]);
  assert.deepEqual(
    await errorsOf(await registerWith({ email: "  ", password: "", confirm_password: "", email_verification_url: "" })),
    ["confirm_password:required", "email:required", "email_verification_url:required", "password:required"],
  );
});

test("malformed values: e-mail, password length, confirmation, URL", async () => {
  const valid = {
    email: uniqueEmail(),
    password: "long enough",
    confirm_password: "long enough",
    email_verification_url: VERIFY_URL,
  };
  const cases: [Record<string, string>, string[]][] = [
    [{ email: "not-an-email" }, ["email:invalid"]],
    [{ password: "short", confirm_password: "short" }, ["password:too_short"]],
    [{ password: "x".repeat(129), confirm_password: "x".repeat(129) }, ["password:too_long"]],
    [{ confirm_password: "something else" }, ["confirm_password:_invalidConfirmPassword"]],
    [{ email_verification_url: "https://app.example.com/verify" }, ["email_verification_url:invalid"]],
    [{ email_verification_url: "ftp://app.example.com/:token" }, ["email_verification_url:invalid"]],
    [{ email_verification_url: "/verify/:token" }, ["email_verification_url:invalid"]],
    [{ email_verification_url: "https://evil.example.net/steal/:token" }, ["email_verification_url:not_allowed"]],
    [
      { email: "bad", password: "short", confirm_password: "other" },
      ["confirm_password:_invalidConfirmPassword", "email:invalid", "password:too_short"],
    ],
  ];
  for (const [override, expected] of cases) {
    assert.deepEqual(await errorsOf(await registerWith({ ...valid, ...override })), expected, JSON.stringify(override));
  }
});

test("a control character (tab and newline aside) or a lone surrogate in a stored text: invalid_characters, nothing stored", async () => {
  const email = uniqueEmail();
  const valid = { email, password: "long enough", confirm_password: "long enough", email_verification_url: VERIFY_URL };
  const cases: [Record<string, string>, string[]][] = [
    [{ locale: "\u0000" }, ["locale:invalid_characters"]],
    [{ locale: "en_GB\u0000" }, ["locale:invalid_characters"]],
    [{ locale: "en\u001bGB" }, ["locale:invalid_characters"]],
    [{ locale: "\ud800" }, ["locale:invalid_characters"]],
    [
      { email_verification_url: "https://app.example.com/verify/\ud800/:token" },
      ["email_verification_url:invalid_characters"],
    ],
    [
      { email_verification_url: "https://app.example.com/verify/\u0085/:token" },
      ["email_verification_url:invalid_characters"],
    ],
    [
      { email_verification_url: "https://app.example.com/\u0000/:token" },
      ["email_verification_url:invalid_characters"],
    ],
  ];
  for (const [override, expected] of cases) {
    const response = await app.request("/client/v1/register", {
      method: "POST",
      headers: DEVICE,
      json: { ...valid, ...override },
    });
    assert.deepEqual(await errorsOf(response), expected, JSON.stringify(override));
  }
  const sameInForm = await registerWith({ ...valid, locale: "en_GB\u0007" });
  assert.deepEqual(await errorsOf(sameInForm), ["locale:invalid_characters"], "a form's %07 as well");
  assert.equal(await db().customer.count({ where: { email } }), 0);
});

test("an e-mail already registered is `unique`, whatever its case", async () => {
  const email = uniqueEmail();
  assert.equal((await register(app, email)).status, 201);
  assert.deepEqual(await errorsOf(await register(app, email.toUpperCase())), ["email:unique"]);
  assert.deepEqual(await errorsOf(await register(app, `  ${email}  `)), ["email:unique"]);
});

test("ten concurrent registrations of one e-mail: exactly one account", async () => {
  const email = uniqueEmail("race");
  const responses = await Promise.all(Array.from({ length: 10 }, () => register(app, email)));
  const statuses = responses.map((r) => r.status).sort();
  assert.deepEqual(statuses, [201, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
  for (const response of responses.filter((r) => r.status === 400)) {
    assert.deepEqual(await errorsOf(response), ["email:unique"]);
  }
  assert.equal(await db().customer.count({ where: { email } }), 1);
  assert.equal(await db().emailOutbox.count({ where: { toAddress: email } }), 1, "one verification e-mail, not ten");
});

test("bodies that are not a form or a JSON object are a 400, never a 500", async () => {
  const cases: [string, string][] = [
    ["text/plain", "email=a@b.co"],
    ["application/json", "{not json"],
    ["application/json", "[1,2,3]"],
    ["application/json", "null"],
    ["multipart/form-data; boundary=x", "--x--"],
  ];
  for (const [type, body] of cases) {
    const response = await app.request("/client/v1/register", {
      method: "POST",
      headers: { ...DEVICE, "Content-Type": type },
      body,
    });
    assert.equal(response.status, 400, `${type} ${body}`);
    const json = await response.json();
    assert.equal(json.type, "invalid_request_error");
  }
  const wrongTypes = await app.request("/client/v1/register", {
    method: "POST",
    headers: DEVICE,
    json: { email: 42, password: ["x"], confirm_password: null, email_verification_url: { a: 1 } },
  });
  assert.deepEqual(await errorsOf(wrongTypes), [
    "confirm_password:required",
    "email:invalid",
    "email_verification_url:invalid",
    "password:invalid",
  ]);
});

test("an X-Client-IP that is not an IP address is rejected", async () => {
  const response = await register(app, uniqueEmail(), "long enough pw", { ...DEVICE, "X-Client-IP": "not an ip" });
  assert.deepEqual(await errorsOf(response), ["X-Client-IP:invalid"]);
});

test("registration needs client credentials", async () => {
  const response = await app.fetch("/client/v1/register", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "email=a@example.org",
  });
  assert.equal(response.status, 401);
  assert.equal((await response.json()).type, "authentication_error");
});
