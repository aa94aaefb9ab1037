/**
 * POST /client/v1/change-password over HTTP against the production build: the calling session
 * stays and every other one ends, the notice e-mail goes out through the Resend stand-in, wrong
 * current passwords count against the account's login limit, and hostile input is refused.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db, startTestAppWithResend } from "./support/app";
import { bearer, DEVICE, login, registeredCustomer, assertSuccessWithDevice } from "./support/accounts";

const LOGIN_LIMIT = 4;
const { app, resend } = await startTestAppWithResend({
  LOGIN_MAX_FAILURES_PER_EMAIL: String(LOGIN_LIMIT),
});

const NEW_PASSWORD = "a fresh and unusual passphrase";

const change = (
  token: string,
  fields: Record<string, string>,
  headers: Record<string, string> = DEVICE,
): Promise<Response> =>
  app.request("/client/v1/change-password", {
    method: "POST",
    headers: { ...headers, ...bearer(token) },
    form: fields,
  });

const changeTo = (token: string, current: string, password = NEW_PASSWORD, headers?: Record<string, string>) =>
  change(token, { current_password: current, password, confirm_password: password }, headers);

const codes = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}:${e.code}`).sort();

const me = (token: string) => app.request("/client/v1/me", { headers: bearer(token) });

test("the password changes, the calling session stays, every other one ends, and a notice is e-mailed", async () => {
  const customer = await registeredCustomer(app);
  const other = (await (await login(app, customer.email, customer.password)).json()).token as string;

  const response = await changeTo(customer.token, customer.password);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { code: 200, message: "Success" });

  assert.equal((await me(customer.token)).status, 200, "the calling session goes on");
  assert.equal((await me(other)).status, 401, "another session ends");
  const revoked = await db().loginToken.findMany({ where: { customer: { email: customer.email } } });
  assert.deepEqual(revoked.map((token) => token.revokedAt !== null).sort(), [false, true]);
  assert.equal((await login(app, customer.email, customer.password)).status, 401);
  assert.equal((await login(app, customer.email, NEW_PASSWORD)).status, 200);

  const notice = await resend.waitForDelivery((d) => d.body.to === customer.email && /changed/.test(d.body.subject));
  assert.match(notice.body.subject, /^Your .+ password was changed$/);
  assert.match(notice.body.text ?? "", /password of your .+ account was just changed/);
  assert.doesNotMatch(notice.body.html ?? "", /href="https?:/, "a notice carries no link");

  await assertSuccessWithDevice(customer.email, "password_changed");
});

test("a wrong current password is current_password/invalid and recorded as a failure", async () => {
  const customer = await registeredCustomer(app);
  const response = await changeTo(customer.token, "not the password at all");
  assert.equal(response.status, 400);
  assert.deepEqual(await codes(response), ["current_password:invalid"]);
  assert.equal((await login(app, customer.email, customer.password)).status, 200, "the password is unchanged");
  const events = await db().customerEvent.findMany({ where: { email: customer.email, type: "password_changed" } });
  assert.deepEqual(
    events.map((event) => event.outcome),
    ["failure"],
  );
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "password_changed" } }), 0);
});

test("the confirmation and the password rules", async () => {
  const customer = await registeredCustomer(app);
  const local = customer.email.split("@")[0];
  assert.deepEqual(
    await codes(
      await change(customer.token, {
        current_password: customer.password,
        password: NEW_PASSWORD,
        confirm_password: "something else",
      }),
    ),
    ["confirm_password:_invalidConfirmPassword"],
  );
  assert.deepEqual(await codes(await changeTo(customer.token, customer.password, "short")), ["password:too_short"]);
  assert.deepEqual(await codes(await changeTo(customer.token, customer.password, "x".repeat(129))), [
    "password:too_long",
  ]);
  assert.deepEqual(await codes(await changeTo(customer.token, customer.password, "Password123")), [
    "password:too_common",
  ]);
  assert.deepEqual(await codes(await changeTo(customer.token, customer.password, `My-${local.toUpperCase()}-pw`)), [
    "password:too_similar",
  ]);
  assert.deepEqual(await codes(await change(customer.token, {})), [
    "confirm_password:required",
    "current_password:required",
    "password:required",
  ]);
  assert.equal((await login(app, customer.email, customer.password)).status, 200, "nothing was changed");
});

test("without a live login token: 401", async () => {
  const customer = await registeredCustomer(app);
  const fields = { current_password: customer.password, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD };
  const missing = await app.request("/client/v1/change-password", { method: "POST", headers: DEVICE, form: fields });
  assert.equal(missing.status, 401);
  assert.equal((await missing.json()).type, "authentication_error");
  assert.equal((await change("not-a-token", fields)).status, 401);
  await app.request("/client/v1/logout", { method: "POST", headers: bearer(customer.token) });
  assert.equal((await change(customer.token, fields)).status, 401);
});

test("wrong current passwords count against the account's login limit, shared with login", async () => {
  const customer = await registeredCustomer(app);
  for (let i = 0; i < LOGIN_LIMIT; i++) {
    const wrong = await changeTo(customer.token, `wrong guess ${i}`, NEW_PASSWORD, {
      ...DEVICE,
      "X-Client-IP": `192.0.2.${10 + i}`,
    });
    assert.equal(wrong.status, 400);
  }
  const limited = await changeTo(customer.token, customer.password);
  assert.equal(limited.status, 429, "even the right password, once over the limit");
  assert.equal((await limited.json()).type, "rate_limit_error");
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.equal((await login(app, customer.email, customer.password)).status, 429, "login shares the limit");
  const outcomes = (
    await db().customerEvent.findMany({ where: { email: customer.email, type: "password_changed" } })
  ).map((event) => event.outcome);
  assert.deepEqual(outcomes.sort(), [...Array(LOGIN_LIMIT).fill("failure"), "rate_limited"].sort());
});

test("a right current password gives its count back", async () => {
  const customer = await registeredCustomer(app);
  for (let i = 0; i < LOGIN_LIMIT - 1; i++) await changeTo(customer.token, `wrong guess ${i}`);
  assert.equal((await changeTo(customer.token, customer.password)).status, 200);
  assert.equal((await changeTo(customer.token, NEW_PASSWORD, "another unusual passphrase")).status, 200);
  assert.equal((await changeTo(customer.token, "wrong again")).status, 400, "the limit still has room");
});

test("concurrent wrong guesses get no more checked than the limit allows", async () => {
  const customer = await registeredCustomer(app);
  const responses = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      changeTo(customer.token, `concurrent guess ${i}`, NEW_PASSWORD, {
        ...DEVICE,
        "X-Client-IP": `198.18.0.${i + 1}`,
      }),
    ),
  );
  const statuses = responses.map((response) => response.status).sort();
  assert.deepEqual(statuses, [...Array(LOGIN_LIMIT).fill(400), ...Array(12 - LOGIN_LIMIT).fill(429)]);
});

test("two changes at once with one token: one wins, the other changes nothing", async () => {
  const customer = await registeredCustomer(app);
  const passwords = ["first concurrent passphrase", "second concurrent passphrase"];
  const responses = await Promise.all(
    passwords.map((password) => changeTo(customer.token, customer.password, password)),
  );
  const statuses = responses.map((response) => response.status);
  assert.equal(statuses.filter((status) => status === 200).length, 1, `statuses ${statuses}`);
  const winner = passwords[statuses.indexOf(200)];
  const loser = passwords[1 - statuses.indexOf(200)];
  assert.ok([400, 401].includes(statuses[1 - statuses.indexOf(200)]));
  assert.equal((await login(app, customer.email, winner)).status, 200);
  assert.equal((await login(app, customer.email, loser)).status, 401);
  assert.equal((await me(customer.token)).status, 200, "the calling session survives its own change");
});

test("hostile bodies: malformed JSON, an oversized body, a password far too long", async () => {
  const customer = await registeredCustomer(app);
  const malformed = await app.request("/client/v1/change-password", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(customer.token), "Content-Type": "application/json" },
    body: "{not json",
  });
  assert.equal(malformed.status, 400);
  const oversized = await change(customer.token, {
    current_password: "x".repeat(70 * 1024),
    password: NEW_PASSWORD,
    confirm_password: NEW_PASSWORD,
  });
  assert.equal(oversized.status, 413);
  const long = await changeTo(customer.token, "y".repeat(5000), "z".repeat(5000));
  assert.equal(long.status, 400);
  assert.deepEqual(await codes(long), ["confirm_password:too_long", "current_password:too_long", "password:too_long"]);
  assert.equal((await login(app, customer.email, customer.password)).status, 200, "nothing was changed");
});
