/**
 * POST /client/v1/change-email over HTTP against the production build, e-mails through the Resend
 * stand-in: the link goes to the new address and a notice to the old, the old address logs in until
 * the link is used and not after, each error, and races for one address (two changes, a change and
 * a registration) that the unique index decides.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db, startTestAppWithResend } from "./support/app";
import { bearer, DEVICE, login, register, registeredCustomer, uniqueEmail } from "./support/accounts";
import { until } from "./support/until";

const { app, resend } = await startTestAppWithResend();

const CHANGE_URL = "https://app.example.com/verify/:token?change=1";

const changeEmail = (token: string, email: string, password: string, url = CHANGE_URL) =>
  app.request("/client/v1/change-email", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(token) },
    form: { email, password, email_verification_url: url },
  });

const verify = (token: string) =>
  app.request("/client/v1/verify-email", { method: "POST", headers: DEVICE, form: { token } });

const codes = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}:${e.code}`).sort();

// Read from the delivered e-mail: the outbox body is cleared on delivery.
async function changeToken(to: string): Promise<string> {
  const delivery = await resend.waitForDelivery((d) => d.body.to === to && /change=1/.test(d.body.text ?? ""));
  assert.match(delivery.body.subject, /^Confirm your new e-mail address for /);
  return decodeURIComponent(
    /https:\/\/app\.example\.com\/verify\/([A-Za-z0-9_\-%]+)/.exec(delivery.body.text ?? "")![1],
  );
}

/** The tokens of the first `count` change links delivered to `to`. */
async function changeTokens(to: string, count: number): Promise<string[]> {
  const links = () => resend.deliveries().filter((d) => d.body.to === to && /change=1/.test(d.body.text ?? ""));
  await until(() => links().length >= count);
  return links()
    .slice(0, count)
    .map((d) =>
      decodeURIComponent(/https:\/\/app\.example\.com\/verify\/([A-Za-z0-9_\-%]+)/.exec(d.body.text ?? "")![1]),
    );
}

test("the new address gets the link, the old a notice; the old logs in until the link is used, then the new", async () => {
  const customer = await registeredCustomer(app);
  const newEmail = uniqueEmail("changed");
  const response = await changeEmail(customer.token, newEmail, customer.password);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { code: 200, message: "Success" });

  const token = await changeToken(newEmail);
  const notice = await resend.waitForDelivery(
    (d) => d.body.to === customer.email && /change of your .* e-mail address/.test(d.body.subject),
  );
  assert.doesNotMatch(notice.body.text ?? "", /https:\/\/app\.example\.com/, "the notice carries no link");

  assert.equal((await login(app, customer.email, customer.password)).status, 200, "the old address until then");
  assert.equal((await login(app, newEmail, customer.password)).status, 401);

  assert.equal((await verify(token)).status, 200);
  assert.equal((await login(app, customer.email, customer.password)).status, 401, "the old address no more");
  assert.equal((await login(app, newEmail, customer.password)).status, 200);
  const me = await (await app.request("/client/v1/me", { headers: bearer(customer.token) })).json();
  assert.equal(me.customer.email, newEmail);
  assert.equal(me.customer.email_verified, true);
  assert.deepEqual(await codes(await verify(token)), ["token:invalid"], "single use");

  const events = await db().customerEvent.findMany({
    where: { type: { in: ["email_change_requested", "email_changed"] }, email: newEmail },
  });
  assert.deepEqual(events.map((e) => [String(e.type), String(e.outcome), e.fingerprint]).sort(), [
    ["email_change_requested", "success", DEVICE["X-Client-Fingerprint"]],
    ["email_changed", "success", DEVICE["X-Client-Fingerprint"]],
  ]);
});

test("errors: email/unique, email/invalid, password/invalid, and a foreign link origin", async () => {
  const customer = await registeredCustomer(app);
  const other = await registeredCustomer(app);
  assert.deepEqual(await codes(await changeEmail(customer.token, other.email, customer.password)), ["email:unique"]);
  assert.deepEqual(await codes(await changeEmail(customer.token, customer.email, customer.password)), ["email:unique"]);
  assert.deepEqual(await codes(await changeEmail(customer.token, "not-an-address", customer.password)), [
    "email:invalid",
  ]);
  assert.deepEqual(await codes(await changeEmail(customer.token, uniqueEmail(), "wrong password")), [
    "password:invalid",
  ]);
  assert.deepEqual(
    await codes(await changeEmail(customer.token, uniqueEmail(), customer.password, "https://attacker.example/:token")),
    ["email_verification_url:not_allowed"],
  );
  assert.equal((await changeEmail("made-up-token", uniqueEmail(), customer.password)).status, 401);
  const failed = await db().customerEvent.count({
    where: {
      customerId: (await db().customer.findUniqueOrThrow({ where: { email: customer.email } })).id,
      type: "email_change_requested",
      outcome: "failure",
    },
  });
  assert.equal(failed, 1, "the wrong password is recorded");
});

test("wrong passwords count against the account's login limit", async () => {
  const customer = await registeredCustomer(app);
  let status = 0;
  for (let i = 0; i < 11; i++) status = (await changeEmail(customer.token, uniqueEmail(), "wrong password")).status;
  assert.equal(status, 429);
  assert.equal((await login(app, customer.email, customer.password)).status, 429, "the login limit is the one used up");
});

test("two accounts changing to one address: exactly one gets it", async () => {
  const [first, second] = [await registeredCustomer(app), await registeredCustomer(app)];
  const target = uniqueEmail("contested");
  assert.equal((await changeEmail(first.token, target, first.password)).status, 200);
  assert.equal((await changeEmail(second.token, target, second.password)).status, 200);
  const tokens = await changeTokens(target, 2);
  const responses = await Promise.all(tokens.map(verify));
  const statuses = responses.map((r) => r.status).sort();
  assert.deepEqual(statuses, [200, 400]);
  const loser = responses.find((r) => r.status === 400)!;
  assert.deepEqual(await codes(loser), ["email:unique"]);
  assert.equal(await db().customer.count({ where: { email: target } }), 1);
});

test("a registration racing a change to its address: one account has it", async () => {
  const customer = await registeredCustomer(app);
  const target = uniqueEmail("raced");
  assert.equal((await changeEmail(customer.token, target, customer.password)).status, 200);
  const token = await changeToken(target);
  const [registration, verification] = await Promise.all([register(app, target), verify(token)]);
  assert.ok(
    (registration.status === 201) !== (verification.status === 200),
    `exactly one wins: register ${registration.status}, verify ${verification.status}`,
  );
  const loser = registration.status === 201 ? verification : registration;
  assert.deepEqual(await codes(loser), ["email:unique"]);
  assert.equal(await db().customer.count({ where: { email: target } }), 1);
});

test("hostile bodies: malformed JSON, an oversized body, an address far too long; nothing is sent or changed", async () => {
  const customer = await registeredCustomer(app);
  const malformed = await app.request("/client/v1/change-email", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(customer.token), "Content-Type": "application/json" },
    body: '{"email": ',
  });
  assert.equal(malformed.status, 400);
  const oversized = await changeEmail(customer.token, uniqueEmail("big"), "x".repeat(70 * 1024));
  assert.equal(oversized.status, 413);
  const long = await changeEmail(customer.token, `${"a".repeat(300)}@example.org`, customer.password);
  assert.equal(long.status, 400);
  assert.deepEqual(await codes(long), ["email:too_long"]);
  const account = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  assert.equal(await db().emailToken.count({ where: { customerId: account.id, purpose: "change_email" } }), 0);
});
