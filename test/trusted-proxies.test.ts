import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { login, uniqueEmail } from "./support/accounts";
import { makeStaff, signIn, STAFF_PASSWORD } from "./support/staff";

/**
 * Behind proxies we trust (here the test itself, on loopback, plays the proxy), the client's address
 * is the right-most X-Forwarded-For entry that is not one of them; whatever is left of it, and a
 * header naming our own peer-address stamp, prove nothing.
 */
const app = await startTestApp({
  TRUSTED_PROXIES: "127.0.0.1/32, ::1/128, 10.0.0.0/8",
  LOGIN_MAX_FAILURES_PER_IP: "3",
  STAFF_LOGIN_MAX_FAILURES_PER_IP: "3",
});

const failLogin = (forwardedFor: string, headers: Record<string, string> = {}) =>
  login(app, uniqueEmail("proxied"), "wrong password", { "X-Forwarded-For": forwardedFor, ...headers });

test("the per-IP limit counts the client the proxy saw, not what the client wrote left of it", async () => {
  for (let attempt = 1; attempt <= 3; attempt++) {
    // The client may put anything first; our proxy (10.x) appended the address it saw.
    assert.equal((await failLogin(`192.0.2.${attempt}, 198.51.100.10, 10.1.1.1`)).status, 401, `attempt ${attempt}`);
  }
  assert.equal((await failLogin("192.0.2.99, 198.51.100.10")).status, 429, "the same client, whatever it claims first");
  assert.equal((await failLogin("198.51.100.11")).status, 401, "another client is not limited");
  const events = await db().customerEvent.findMany({
    where: { type: "login_failed", email: { startsWith: "proxied." } },
    orderBy: { id: "asc" },
  });
  assert.deepEqual(
    events.map((event) => event.ip),
    ["198.51.100.10", "198.51.100.10", "198.51.100.10", "198.51.100.11"],
  );
});

test("a forged peer-address header changes nothing", async () => {
  // Were it believed, the peer would be untrusted and its X-Forwarded-For ignored.
  assert.equal((await failLogin("198.51.100.20", { "X-Remit-Peer-Address": "203.0.113.1" })).status, 401);
  const [event] = await db().customerEvent.findMany({
    where: { type: "login_failed" },
    orderBy: { id: "desc" },
    take: 1,
  });
  assert.equal(event.ip, "198.51.100.20");
});

test("an X-Forwarded-For entry that is not an address is believed no further: the proxy's own address counts", async () => {
  for (const garbage of [
    "not-an-address",
    "x".repeat(8_000),
    `fe80::1%${"z".repeat(8_000)}`,
    "198.51.100.30:4711",
    "[2001:db8::1]",
  ]) {
    const response = await failLogin(`198.51.100.31, ${garbage}`);
    assert.ok([401, 429].includes(response.status), `${garbage.slice(0, 20)}: ${response.status}`);
  }
  const events = await db().customerEvent.findMany({
    where: { type: "login_failed" },
    orderBy: { id: "desc" },
    take: 3,
  });
  assert.deepEqual([...new Set(events.map((event) => event.ip))], ["127.0.0.1"]);
});

test("staff sign-ins are limited per client address behind the proxy too", async () => {
  const from = { "X-Forwarded-For": "198.51.100.40" };
  for (let attempt = 1; attempt <= 3; attempt++) {
    assert.equal(
      (await signIn(app, `nobody${attempt}@staff.example.org`, "wrong", from)).status,
      401,
      `attempt ${attempt}`,
    );
  }
  const staff = await makeStaff("admin");
  assert.equal(
    (await signIn(app, staff.email, STAFF_PASSWORD, { "X-Forwarded-For": "203.0.113.9, 198.51.100.40" })).status,
    429,
  );
  assert.equal((await signIn(app, staff.email, STAFF_PASSWORD, { "X-Forwarded-For": "198.51.100.41" })).status, 200);
});
