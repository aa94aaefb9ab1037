/**
 * POST /client/v1/resend-verification over HTTP against the production build: a new link through
 * the Resend stand-in, earlier links dead, refused once verified, and at most 3 e-mails per hour per
 * account however many requests arrive at once.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db, startTestAppWithResend } from "./support/app";
import { bearer, DEVICE, registeredCustomer, VERIFY_URL, assertSuccessWithDevice } from "./support/accounts";

const { app, resend } = await startTestAppWithResend();

const resendVerification = (
  token: string,
  url = VERIFY_URL,
  headers: Record<string, string> = DEVICE,
): Promise<Response> =>
  app.request("/client/v1/resend-verification", {
    method: "POST",
    headers: { ...headers, ...bearer(token) },
    form: { email_verification_url: url },
  });

const verify = (token: string) =>
  app.request("/client/v1/verify-email", { method: "POST", headers: DEVICE, form: { token } });

const codes = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}:${e.code}`).sort();

// The token as delivered through the stand-in. Not read from the outbox: a delivered e-mail's body
// is cleared there (it carries a single-use token), and with a 50 ms dispatch that races the test.
async function deliveredToken(to: string, link: RegExp): Promise<string> {
  const delivery = await resend.waitForDelivery((d) => d.body.to === to && link.test(d.body.text ?? ""));
  return decodeURIComponent(
    /https:\/\/app\.example\.com\/verify\/([A-Za-z0-9_\-%]+)/.exec(delivery.body.text ?? "")![1],
  );
}

const verificationEmails = (to: string) =>
  db().emailOutbox.count({ where: { toAddress: to, template: "verify_email" } });

test("a new verification e-mail goes out, and the earlier link stops working", async () => {
  const customer = await registeredCustomer(app);
  const first = await deliveredToken(customer.email, /verify\/[^?\s]+(\s|$)/);

  const response = await resendVerification(customer.token, "https://app.example.com/verify/:token?again=1");
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { code: 200, message: "Success" });

  const delivered = await resend.waitForDelivery(
    (d) => d.body.to === customer.email && /again=1/.test(d.body.text ?? ""),
  );
  assert.match(delivered.body.subject, /^Verify your e-mail address for /);
  const second = await deliveredToken(customer.email, /again=1/);
  assert.notEqual(first, second);

  assert.deepEqual(await codes(await verify(first)), ["token:invalid"], "the earlier link is dead");
  assert.equal((await verify(second)).status, 200);
  const me = await (await app.request("/client/v1/me", { headers: bearer(customer.token) })).json();
  assert.equal(me.customer.email_verified, true);

  await assertSuccessWithDevice(customer.email, "verification_resent");
});

test("a verified address: email/already_verified, and no e-mail", async () => {
  const customer = await registeredCustomer(app);
  assert.equal((await verify(await deliveredToken(customer.email, /verify\//))).status, 200);
  const response = await resendVerification(customer.token);
  assert.equal(response.status, 400);
  assert.deepEqual(await codes(response), ["email:already_verified"]);
  assert.equal(await verificationEmails(customer.email), 1);
});

test("the link template follows register's rules", async () => {
  const customer = await registeredCustomer(app);
  assert.deepEqual(await codes(await resendVerification(customer.token, "")), ["email_verification_url:required"]);
  assert.deepEqual(await codes(await resendVerification(customer.token, "https://app.example.com/verify")), [
    "email_verification_url:invalid",
  ]);
  assert.deepEqual(await codes(await resendVerification(customer.token, "https://attacker.example/v/:token")), [
    "email_verification_url:not_allowed",
  ]);
  assert.deepEqual(await codes(await resendVerification(customer.token, "https://user:pw@app.example.com/:token")), [
    "email_verification_url:invalid",
  ]);
  assert.equal(await verificationEmails(customer.email), 1, "only the registration's");
});

test("without a live login token: 401", async () => {
  const missing = await app.request("/client/v1/resend-verification", {
    method: "POST",
    headers: DEVICE,
    form: { email_verification_url: VERIFY_URL },
  });
  assert.equal(missing.status, 401);
  assert.equal((await missing.json()).type, "authentication_error");
  assert.equal((await resendVerification("made-up-token")).status, 401);
});

test("at most three per hour per account, whichever session or IP asks", async () => {
  const customer = await registeredCustomer(app);
  for (let i = 0; i < 3; i++) {
    const response = await resendVerification(customer.token, VERIFY_URL, {
      ...DEVICE,
      "X-Client-IP": `192.0.2.${i + 1}`,
    });
    assert.equal(response.status, 200);
  }
  const limited = await resendVerification(customer.token, VERIFY_URL, { ...DEVICE, "X-Client-IP": "192.0.2.99" });
  assert.equal(limited.status, 429);
  assert.equal((await limited.json()).type, "rate_limit_error");
  assert.ok(Number(limited.headers.get("retry-after")) > 59 * 60);
  assert.equal(await verificationEmails(customer.email), 1 + 3);
  const outcomes = (
    await db().customerEvent.findMany({ where: { email: customer.email, type: "verification_resent" } })
  ).map((event) => event.outcome);
  assert.deepEqual(outcomes.sort(), ["rate_limited", "success", "success", "success"]);
});

test("ten requests at once: exactly three e-mails", async () => {
  const customer = await registeredCustomer(app);
  const responses = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      resendVerification(customer.token, VERIFY_URL, { ...DEVICE, "X-Client-IP": `198.18.1.${i + 1}` }),
    ),
  );
  const statuses = responses.map((response) => response.status).sort();
  assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  assert.equal(await verificationEmails(customer.email), 1 + 3);
});

test("hostile bodies: malformed JSON, an oversized body, a template far too long", async () => {
  const customer = await registeredCustomer(app);
  const malformed = await app.request("/client/v1/resend-verification", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(customer.token), "Content-Type": "application/json" },
    body: "[1, 2",
  });
  assert.equal(malformed.status, 400);
  assert.equal(
    (await resendVerification(customer.token, `https://app.example.com/${"a".repeat(70 * 1024)}/:token`)).status,
    413,
  );
  assert.deepEqual(
    await codes(await resendVerification(customer.token, `https://app.example.com/${"a".repeat(3000)}/:token`)),
    ["email_verification_url:too_long"],
  );
  assert.equal(await verificationEmails(customer.email), 1);
});
