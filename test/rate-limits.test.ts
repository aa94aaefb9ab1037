import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { bearer, DEVICE, login, register, RESET_URL, uniqueEmail, VERIFY_URL } from "./support/accounts";
import * as accounts from "./support/accounts";

/**
 * The customer API's limits against a hostile client: attempts sent all at once, and a database
 * that cannot count them. Each test uses client IPs of its own, so only the limit under test is in play.
 */
// Small per-IP limits, so reaching them takes a few attempts, not a hundred.
const REGISTER_MAX_PER_IP = 5;
const LOGIN_MAX_FAILURES_PER_IP = 20;
const app = await startTestApp({
  REGISTER_MAX_PER_IP: String(REGISTER_MAX_PER_IP),
  LOGIN_MAX_FAILURES_PER_IP: String(LOGIN_MAX_FAILURES_PER_IP),
});
const CHANGE_EMAIL_MAX_PER_ACCOUNT = 5;
const CHANGE_EMAIL_MAX_PER_ADDRESS = 3;

const UNAVAILABLE = { code: 503, type: "api_error", message: "Service temporarily unavailable" };

let addresses = 0;
/** A client IP no other test uses, so only the limit under test is in play. */
const freshIp = () => `198.18.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const forgot = (email: string, headers: Record<string, string>) =>
  app.request("/client/v1/forgot-password", {
    method: "POST",
    headers,
    form: { email, reset_password_url: RESET_URL },
  });

/** A customer registered from a client IP of its own, so the registration limit of one IP is not in play. */
const registeredCustomer = () => accounts.registeredCustomer(app, undefined, { ...DEVICE, "X-Client-IP": freshIp() });

const changeEmail = (customer: { token: string; password: string }, email: string, ip = freshIp()) =>
  app.request("/client/v1/change-email", {
    method: "POST",
    headers: { ...DEVICE, "X-Client-IP": ip, ...bearer(customer.token) },
    form: { email, password: customer.password, email_verification_url: VERIFY_URL },
  });

/**
 * Every answer refused by a limit: 429 with a Retry-After of about the window (an hour) in seconds;
 * a little more when a concurrent attempt counted before it took its time later.
 */
async function assertRefusedForAnHour(responses: Response[]) {
  for (const response of responses.filter(({ status }) => status === 429)) {
    assert.equal((await response.json()).type, "rate_limit_error");
    const retryAfter = Number(response.headers.get("retry-after"));
    assert.ok(retryAfter > 59 * 60 && retryAfter < 61 * 60, `Retry-After ${retryAfter}`);
  }
}

const statuses = (responses: Response[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

test("40 wrong passwords for one account at once: 10 are checked, 30 refused, and then the right one is refused too", async () => {
  const customer = await registeredCustomer();
  const responses = await Promise.all(
    Array.from({ length: 40 }, () =>
      login(app, customer.email, "wrong password", { ...DEVICE, "X-Client-IP": freshIp() }),
    ),
  );
  assert.deepEqual(statuses(responses), { 401: 10, 429: 30 });
  const right = await login(app, customer.email, customer.password, { ...DEVICE, "X-Client-IP": freshIp() });
  assert.equal(right.status, 429);
  assert.ok(Number(right.headers.get("retry-after")) > 14 * 60);
  assert.equal(await db().customerEvent.count({ where: { email: customer.email, type: "login_failed" } }), 10);
  assert.equal(await db().customerEvent.count({ where: { email: customer.email, outcome: "rate_limited" } }), 31);
});

test("successful logins give their count back: they do not use up the allowance for failures", async () => {
  const customer = await registeredCustomer();
  const ip = freshIp();
  // In batches smaller than the limit: an attempt in flight holds its place until it is judged.
  for (let batch = 0; batch < 3; batch++) {
    const successes = await Promise.all(
      Array.from({ length: 5 }, () => login(app, customer.email, customer.password, { ...DEVICE, "X-Client-IP": ip })),
    );
    assert.deepEqual(statuses(successes), { 200: 5 });
  }
  for (let attempt = 1; attempt <= 10; attempt++) {
    assert.equal(
      (await login(app, customer.email, "wrong password", { ...DEVICE, "X-Client-IP": ip })).status,
      401,
      `failure ${attempt}`,
    );
  }
  assert.equal((await login(app, customer.email, customer.password, { ...DEVICE, "X-Client-IP": ip })).status, 429);
});

test("a successful login gives back its own attempt only: the failures before it still count, per e-mail and per IP", async () => {
  // One IP sprays wrong passwords at other accounts, with a login to its own account in between.
  const own = await registeredCustomer();
  const ip = freshIp();
  const sprayed = await Promise.all(
    Array.from({ length: LOGIN_MAX_FAILURES_PER_IP - 1 }, () =>
      login(app, uniqueEmail("sprayed"), "wrong password", { ...DEVICE, "X-Client-IP": ip }),
    ),
  );
  assert.deepEqual(statuses(sprayed), { 401: LOGIN_MAX_FAILURES_PER_IP - 1 });
  assert.equal((await login(app, own.email, own.password, { ...DEVICE, "X-Client-IP": ip })).status, 200);
  assert.equal((await login(app, uniqueEmail("sprayed"), "wrong", { ...DEVICE, "X-Client-IP": ip })).status, 401);
  assert.equal((await login(app, uniqueEmail("sprayed"), "wrong", { ...DEVICE, "X-Client-IP": ip })).status, 429);

  // One account's password guessed from many IPs, its owner logging in between the guesses.
  const target = await registeredCustomer();
  const guess = (password: string) => login(app, target.email, password, { ...DEVICE, "X-Client-IP": freshIp() });
  assert.deepEqual(statuses(await Promise.all(Array.from({ length: 9 }, () => guess("wrong password")))), { 401: 9 });
  assert.equal((await guess(target.password)).status, 200);
  assert.equal((await guess("wrong password")).status, 401);
  assert.equal((await guess(target.password)).status, 429);
});

test("registrations from one IP at once: exactly the limit get through, the rest 429 for the window; other IPs are not held up", async () => {
  const ip = freshIp();
  const emails = Array.from({ length: REGISTER_MAX_PER_IP + 4 }, () => uniqueEmail("flood"));
  const responses = await Promise.all(
    emails.map((email) => register(app, email, undefined, { ...DEVICE, "X-Client-IP": ip })),
  );
  assert.deepEqual(statuses(responses), { 201: REGISTER_MAX_PER_IP, 429: 4 });
  await assertRefusedForAnHour(responses);
  assert.equal(await db().customer.count({ where: { email: { in: emails } } }), REGISTER_MAX_PER_IP);
  assert.equal(
    await db().emailOutbox.count({ where: { toAddress: { in: emails }, template: "verify_email" } }),
    REGISTER_MAX_PER_IP,
  );
  assert.equal(
    await db().customerEvent.count({ where: { email: { in: emails }, type: "register", outcome: "rate_limited" } }),
    4,
  );
  assert.equal(
    (await register(app, uniqueEmail("flood"), undefined, { ...DEVICE, "X-Client-IP": freshIp() })).status,
    201,
  );
});

test("a registration counts once its input is valid: a weak password does not, an address already in use does", async () => {
  const ip = freshIp();
  const from = { ...DEVICE, "X-Client-IP": ip };
  const taken = await registeredCustomer();
  for (let attempt = 0; attempt < REGISTER_MAX_PER_IP + 2; attempt++) {
    const weak = await register(app, uniqueEmail("weak"), "password123", from);
    assert.equal(weak.status, 400);
    assert.equal((await weak.json()).errors[0].code, "too_common");
  }
  const duplicate = await register(app, taken.email, undefined, from);
  assert.equal(duplicate.status, 400);
  assert.equal((await duplicate.json()).errors[0].code, "unique");
  for (let attempt = 1; attempt < REGISTER_MAX_PER_IP; attempt++) {
    assert.equal((await register(app, uniqueEmail("after"), undefined, from)).status, 201, `registration ${attempt}`);
  }
  assert.equal((await register(app, uniqueEmail("after"), undefined, from)).status, 429);
});

test("change-email requests of one account at once: exactly the limit e-mail a link, the rest 429", async () => {
  const customer = await registeredCustomer();
  const emails = Array.from({ length: CHANGE_EMAIL_MAX_PER_ACCOUNT + 3 }, () => uniqueEmail("new"));
  const responses = await Promise.all(emails.map((email) => changeEmail(customer, email)));
  assert.deepEqual(statuses(responses), { 200: CHANGE_EMAIL_MAX_PER_ACCOUNT, 429: 3 });
  await assertRefusedForAnHour(responses);
  assert.equal(
    await db().emailOutbox.count({ where: { toAddress: { in: emails }, template: "change_email" } }),
    CHANGE_EMAIL_MAX_PER_ACCOUNT,
  );
  assert.equal(
    await db().customerEvent.count({
      where: { type: "email_change_requested", outcome: "rate_limited", email: { in: emails } },
    }),
    3,
  );
  // Past the limit the password is still checked first: a wrong one is refused as such.
  const wrong = await changeEmail({ ...customer, password: "wrong password" }, uniqueEmail("new"));
  assert.equal(wrong.status, 400);
  assert.equal((await wrong.json()).errors[0].code, "invalid");
});

test("change-email requests from many accounts to one inbox at once, +tags included: exactly the per-address limit get through", async () => {
  const customers = await Promise.all(
    Array.from({ length: CHANGE_EMAIL_MAX_PER_ADDRESS + 3 }, () => registeredCustomer()),
  );
  const inbox = uniqueEmail("inbox");
  const tagged = (index: number) => (index === 0 ? inbox : inbox.replace("@", `+${index}@`));
  const responses = await Promise.all(customers.map((customer, index) => changeEmail(customer, tagged(index))));
  assert.deepEqual(statuses(responses), { 200: CHANGE_EMAIL_MAX_PER_ADDRESS, 429: 3 });
  await assertRefusedForAnHour(responses);
  const [local, domain] = inbox.split("@");
  assert.equal(
    await db().emailOutbox.count({
      where: { toAddress: { startsWith: local, endsWith: `@${domain}` }, template: "change_email" },
    }),
    CHANGE_EMAIL_MAX_PER_ADDRESS,
  );
  // Another address is not held up by that one.
  assert.equal((await changeEmail(customers.at(-1)!, uniqueEmail("elsewhere"))).status, 200);
});

test("30 forgot-password requests for one address at once send 3 e-mails", async () => {
  const customer = await registeredCustomer();
  const responses = await Promise.all(
    Array.from({ length: 30 }, () => forgot(customer.email, { ...DEVICE, "X-Client-IP": freshIp() })),
  );
  assert.deepEqual(statuses(responses), { 200: 3, 429: 27 });
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "reset_password" } }), 3);
});

test("an attempt that cannot be counted is refused with a 503, and its password is never checked", async () => {
  const customer = await registeredCustomer();
  await db().$executeRawUnsafe("ALTER TABLE rate_limits RENAME TO rate_limits_away");
  let response: Response;
  let forgotten: Response;
  try {
    response = await login(app, customer.email, customer.password, { ...DEVICE, "X-Client-IP": freshIp() });
    forgotten = await forgot(customer.email, { ...DEVICE, "X-Client-IP": freshIp() });
  } finally {
    await db().$executeRawUnsafe("ALTER TABLE rate_limits_away RENAME TO rate_limits");
  }
  for (const refused of [response, forgotten]) {
    assert.equal(refused.status, 503);
    assert.ok(Number(refused.headers.get("retry-after")) > 0, "with Retry-After");
    assert.deepEqual(await refused.json(), UNAVAILABLE);
  }
  assert.equal(
    await db().customerEvent.count({
      where: { email: customer.email, type: { in: ["login", "login_failed", "forgot_password"] } },
    }),
    0,
  );
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "reset_password" } }), 0);
  assert.equal(
    (await login(app, customer.email, customer.password, { ...DEVICE, "X-Client-IP": freshIp() })).status,
    200,
    "and works once it can be counted",
  );
});
