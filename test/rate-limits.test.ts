import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { DEVICE, login, registeredCustomer, RESET_URL } from "./support/accounts";

/**
 * The customer API's limits against a hostile client: attempts sent all at once, and a database
 * that cannot count them. Each test uses client IPs of its own, so only the limit under test is in play.
 */
const app = await startTestApp();

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

const statuses = (responses: Response[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

test("40 wrong passwords for one account at once: 10 are checked, 30 refused, and then the right one is refused too", async () => {
  const customer = await registeredCustomer(app);
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
  const customer = await registeredCustomer(app);
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

test("30 forgot-password requests for one address at once send 3 e-mails", async () => {
  const customer = await registeredCustomer(app);
  const responses = await Promise.all(
    Array.from({ length: 30 }, () => forgot(customer.email, { ...DEVICE, "X-Client-IP": freshIp() })),
  );
  assert.deepEqual(statuses(responses), { 200: 3, 429: 27 });
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "reset_password" } }), 3);
});

test("an attempt that cannot be counted is refused with a 503, and its password is never checked", async () => {
  const customer = await registeredCustomer(app);
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
