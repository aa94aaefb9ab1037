import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { DEVICE, login, register, registeredCustomer, RESET_URL, uniqueEmail } from "./support/accounts";

/**
 * The address a customer request is counted under: X-Client-IP when the app's backend sends one (a
 * plain address, or a 400), else the connection's. No TRUSTED_PROXIES here, so X-Forwarded-For is
 * anyone's to write and counts for nothing; every request comes straight from 127.0.0.1.
 */
const app = await startTestApp();

const alphanumerics = (length: number) =>
  randomBytes(length).toString("base64url").replace(/[-_]/g, "a").slice(0, length);

const forgot = (email: string, headers: Record<string, string>) =>
  app.request("/client/v1/forgot-password", {
    method: "POST",
    headers,
    form: { email, reset_password_url: RESET_URL },
  });

test("an X-Client-IP that is not a plain address of at most 45 characters is a 400 naming it, on every route", async () => {
  const customer = await registeredCustomer(app);
  const invalid = [
    `fe80::1%${alphanumerics(10_000)}`,
    "fe80::1%eth0",
    "1".repeat(46),
    "localhost",
    "[::1]",
    "192.0.2.1:8080",
    "192.0.2.1, 192.0.2.2",
  ];
  for (const ip of invalid) {
    const headers = { ...DEVICE, "X-Client-IP": ip };
    for (const response of [
      await login(app, customer.email, "wrong password", headers),
      await login(app, customer.email, customer.password, headers),
      await forgot(customer.email, headers),
      await register(app, uniqueEmail(), "correct horse battery", headers),
    ]) {
      assert.equal(response.status, 400, `${response.url} with X-Client-IP ${ip.slice(0, 40)}`);
      const body = await response.json();
      assert.equal(body.type, "invalid_request_error");
      assert.deepEqual(
        body.errors.map((error: { param: string; code: string }) => [error.param, error.code]),
        [["X-Client-IP", "invalid"]],
      );
    }
  }
  assert.equal(
    await db().customerEvent.count({ where: { email: customer.email, type: { not: "register" } } }),
    0,
    "nothing was judged",
  );
});

test("addresses are stored in one canonical spelling, so one address cannot pass for many", async () => {
  const customer = await registeredCustomer(app);
  const spellings = ["2001:DB8:0:0::1", "2001:db8::0001", "2001:0db8:0000:0000:0000:0000:0000:0001"];
  for (const ip of spellings)
    assert.equal((await login(app, customer.email, customer.password, { ...DEVICE, "X-Client-IP": ip })).status, 200);
  assert.equal(
    (await login(app, customer.email, customer.password, { ...DEVICE, "X-Client-IP": "::ffff:192.0.2.77" })).status,
    200,
  );
  const logins = await db().customerEvent.findMany({
    where: { email: customer.email, type: "login" },
    orderBy: { id: "asc" },
  });
  assert.deepEqual(
    logins.map((event) => event.ip),
    ["2001:db8::1", "2001:db8::1", "2001:db8::1", "192.0.2.77"],
  );
  const tokens = await db().loginToken.findMany({
    where: { customerId: logins[0].customerId! },
    orderBy: { id: "asc" },
  });
  assert.deepEqual(
    tokens.slice(1).map((token) => token.ip),
    ["2001:db8::1", "2001:db8::1", "2001:db8::1", "192.0.2.77"],
  );
});

test("without trusted proxies, X-Forwarded-For and a forged peer-address header are ignored: the connection's address is limited", async () => {
  // 50 failed logins (the per-IP limit), each for another e-mail and claiming another origin: all come from 127.0.0.1.
  for (let n = 0; n < 50; n++) {
    const response = await login(app, uniqueEmail("spray"), "wrong password", {
      "X-Forwarded-For":
        n % 3 === 0 ? `198.51.100.${n}` : n % 3 === 1 ? alphanumerics(8_000) : `fe80::1%${alphanumerics(8_000)}`,
      "X-Remit-Peer-Address": `203.0.113.${n}`,
    });
    assert.equal(response.status, 401, `attempt ${n + 1}`);
  }
  const limited = await login(app, uniqueEmail("spray"), "wrong password", { "X-Forwarded-For": "198.51.100.200" });
  assert.equal(limited.status, 429);
  const failed = await db().customerEvent.findMany({
    where: { type: "login_failed", email: { startsWith: "spray." } },
    select: { ip: true },
  });
  assert.deepEqual([...new Set(failed.map((event) => event.ip))], ["127.0.0.1"]);
});
