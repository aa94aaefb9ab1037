import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import {
  bearer,
  DEVICE,
  login,
  registeredCustomer,
  RESET_URL,
  tokenFromLatestEmail,
  uniqueEmail,
} from "./support/accounts";
import { sha256 } from "@/lib/platform/secrets";

const app = await startTestApp();

const forgot = (email: string, headers: Record<string, string> = DEVICE, url = RESET_URL) =>
  app.request("/client/v1/forgot-password", { method: "POST", headers, form: { email, reset_password_url: url } });

const reset = (token: string, password: string, confirm = password) =>
  app.request("/client/v1/reset-password", {
    method: "POST",
    headers: DEVICE,
    form: { token, password, confirm_password: confirm },
  });

const codes = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}:${e.code}`).sort();

test("forgot-password e-mails a reset link and answers with the masked address", async () => {
  const customer = await registeredCustomer(app);
  const response = await forgot(customer.email);
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.deepEqual(Object.keys(body), ["code", "message", "recipient"]);
  const [local, domain] = customer.email.split("@");
  assert.equal(body.recipient, `${local.slice(0, 2)}${"*".repeat(local.length - 2)}@${domain}`);
  const token = await tokenFromLatestEmail(customer.email, "reset_password");
  const stored = await db().emailToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
  assert.equal(stored.purpose, "reset_password");
  assert.equal(Math.round((stored.expiresAt.getTime() - stored.createdAt.getTime()) / 60_000), 60);
});

test("forgot-password: unknown e-mail is not_found; bad or foreign URLs are refused", async () => {
  const unknown = await forgot(uniqueEmail("nobody"), { ...DEVICE, "X-Client-IP": "198.51.100.9" });
  assert.equal(unknown.status, 400);
  assert.deepEqual(await codes(unknown), ["email:not_found"]);
  const customer = await registeredCustomer(app);
  assert.deepEqual(await codes(await forgot(customer.email, DEVICE, "https://app.example.com/reset")), [
    "reset_password_url:invalid",
  ]);
  assert.deepEqual(await codes(await forgot(customer.email, DEVICE, "https://attacker.example/:token")), [
    "reset_password_url:not_allowed",
  ]);
  assert.deepEqual(await codes(await forgot("", DEVICE, "")), ["email:required", "reset_password_url:required"]);
});

test("reset sets the new password, logs out every session, and the link works once", async () => {
  const customer = await registeredCustomer(app);
  const second = await (await login(app, customer.email, customer.password)).json();
  await forgot(customer.email);
  const token = await tokenFromLatestEmail(customer.email, "reset_password");

  const response = await reset(token, "a brand new password");
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { code: 200, message: "Success" });

  for (const old of [customer.token, second.token]) {
    assert.equal(
      (await app.request("/client/v1/me", { headers: bearer(old) })).status,
      401,
      "old sessions are revoked",
    );
  }
  assert.equal((await login(app, customer.email, customer.password)).status, 401);
  assert.equal((await login(app, customer.email, "a brand new password")).status, 200);

  const reused = await reset(token, "yet another password");
  assert.equal(reused.status, 400);
  assert.deepEqual(await codes(reused), ["token:invalid"]);
  const events = await db().customerEvent.findMany({ where: { email: customer.email, type: "password_reset" } });
  assert.equal(events.length, 1);
});

test("a reset revokes earlier reset links", async () => {
  const customer = await registeredCustomer(app);
  await forgot(customer.email);
  const first = await tokenFromLatestEmail(customer.email, "reset_password");
  await new Promise((resolve) => setTimeout(resolve, 5));
  await forgot(customer.email);
  const second = await tokenFromLatestEmail(customer.email, "reset_password");
  assert.notEqual(first, second);
  assert.equal((await reset(second, "the newest password")).status, 200);
  assert.deepEqual(await codes(await reset(first, "an older link's password")), ["token:invalid"]);
});

test("expired, unknown and mistyped tokens; password rules apply", async () => {
  const customer = await registeredCustomer(app);
  await forgot(customer.email);
  const token = await tokenFromLatestEmail(customer.email, "reset_password");
  assert.deepEqual(await codes(await reset(token, "long enough", "different")), [
    "confirm_password:_invalidConfirmPassword",
  ]);
  assert.deepEqual(await codes(await reset(token, "short")), ["password:too_short"]);
  assert.deepEqual(await codes(await reset("made-up-token", "long enough")), ["token:invalid"]);
  assert.deepEqual(await codes(await reset("", "", "")), [
    "confirm_password:required",
    "password:required",
    "token:required",
  ]);
  await db().emailToken.update({ where: { tokenHash: sha256(token) }, data: { expiresAt: new Date(Date.now() - 1) } });
  assert.deepEqual(await codes(await reset(token, "long enough")), ["token:invalid"]);
  const verification = await tokenFromLatestEmail(customer.email, "verify_email");
  assert.deepEqual(
    await codes(await reset(verification, "long enough")),
    ["token:invalid"],
    "a verification token cannot reset",
  );
});

test("at most three reset e-mails per address per hour", async () => {
  const customer = await registeredCustomer(app);
  for (let i = 0; i < 3; i++) {
    assert.equal((await forgot(customer.email, { ...DEVICE, "X-Client-IP": `192.0.2.${100 + i}` })).status, 200);
  }
  const limited = await forgot(customer.email, { ...DEVICE, "X-Client-IP": "192.0.2.200" });
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 59 * 60);
  assert.equal((await limited.json()).type, "rate_limit_error");
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "reset_password" } }), 3);
});

test("the per-IP limit stops probing for addresses", async () => {
  const ip = "198.51.100.77";
  for (let i = 0; i < 20; i++) {
    assert.equal((await forgot(uniqueEmail("probe"), { ...DEVICE, "X-Client-IP": ip })).status, 400);
  }
  const limited = await forgot(uniqueEmail("probe"), { ...DEVICE, "X-Client-IP": ip });
  assert.equal(limited.status, 429);
});

test("a login racing a reset: once the reset has answered, no token obtained with the old password works", async () => {
  const issued: string[] = [];
  for (let round = 0; round < 10; round++) {
    const customer = await registeredCustomer(app);
    await forgot(customer.email, { ...DEVICE, "X-Client-IP": `192.0.2.${150 + round}` });
    const token = await tokenFromLatestEmail(customer.email, "reset_password");
    const logins = Array.from({ length: 12 }, (_, n) =>
      login(app, customer.email, customer.password, { ...DEVICE, "X-Client-IP": `198.18.${round}.${n + 1}` }),
    );
    assert.equal((await reset(token, `the new password ${round}`)).status, 200);
    for (const response of await Promise.all(logins)) {
      if (response.status === 200) issued.push((await response.json()).token);
    }
    issued.push(customer.token);
  }
  const stillWorking = [];
  for (const token of issued) {
    if ((await app.request("/client/v1/me", { headers: bearer(token) })).status !== 401) stillWorking.push(token);
  }
  assert.equal(stillWorking.length, 0, `${stillWorking.length} of ${issued.length} tokens still work after the reset`);
});
