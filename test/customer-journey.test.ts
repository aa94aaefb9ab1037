import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestAppWithResend } from "./support/app";
import { bearer, DEVICE, RESET_URL, uniqueEmail, VERIFY_URL } from "./support/accounts";
import { until } from "./support/until";

// The whole customer journey, with e-mail delivered through a stand-in of Resend's API that is
// down when the reset e-mail is first sent: the mail is late, never lost, and arrives once.
const { app, resend } = await startTestAppWithResend({
  EMAIL_FROM: "Example Remit <no-reply@example.com>",
  EMAIL_DISPATCH_INTERVAL_MS: "100",
  EMAIL_RETRY_BASE_MS: "200",
});

const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  app.request(path, { method: "POST", headers: { ...DEVICE, ...headers }, form });

function tokenIn(text: string | undefined, prefix: string): string {
  const start = text?.indexOf(prefix) ?? -1;
  assert.ok(start >= 0, `the e-mail holds a ${prefix}… link`);
  return decodeURIComponent(/^[A-Za-z0-9_\-%]+/.exec(text!.slice(start + prefix.length))![0]);
}

test("register, verify, log in, forget, reset, log in with the new password", async () => {
  const email = uniqueEmail("journey");
  const registered = await post("/client/v1/register", {
    email,
    password: "first password",
    confirm_password: "first password",
    email_verification_url: VERIFY_URL,
  });
  assert.equal(registered.status, 201);
  const { token: firstSession } = await registered.json();

  const verification = await resend.waitForDelivery((d) => d.body.to === email && /Verify/.test(d.body.subject));
  assert.equal(verification.body.from, "Example Remit <no-reply@example.com>");
  assert.equal(verification.authorization, "Bearer re_test_key");
  const verifyToken = tokenIn(verification.body.text, "https://app.example.com/verify/");
  assert.equal((await post("/client/v1/verify-email", { token: verifyToken })).status, 200);
  const me = await (await app.request("/client/v1/me", { headers: bearer(firstSession) })).json();
  assert.equal(me.customer.email_verified, true);

  const loggedIn = await post("/client/v1/login", { email, password: "first password" });
  assert.equal(loggedIn.status, 200);

  resend.setDown(true);
  const forgot = await post("/client/v1/forgot-password", { email, reset_password_url: RESET_URL });
  assert.equal(forgot.status, 200);
  // The dispatcher tries during the outage (the fake drops the connection), then delivers after it.
  await until(() =>
    resend.requests().some((r) => r.body.to === email && /Reset/.test(r.body.subject) && r.status === 0),
  );
  resend.setDown(false);
  const reset = await resend.waitForDelivery((d) => d.body.to === email && /Reset/.test(d.body.subject), 10_000);
  const resetToken = tokenIn(reset.body.text, "https://app.example.com/reset?token=");

  const changed = await post("/client/v1/reset-password", {
    token: resetToken,
    password: "second password",
    confirm_password: "second password",
  });
  assert.deepEqual(await changed.json(), { code: 200, message: "Success" });
  assert.equal((await app.request("/client/v1/me", { headers: bearer(firstSession) })).status, 401);
  assert.equal((await post("/client/v1/login", { email, password: "first password" })).status, 401);
  assert.equal((await post("/client/v1/login", { email, password: "second password" })).status, 200);

  const mails = resend.deliveries().filter((d) => d.body.to === email);
  assert.equal(mails.length, 2, "one verification and one reset e-mail, each delivered once");
});
