/**
 * New-device alerts over HTTP against the production build, e-mails through the Resend stand-in: a
 * login from a fingerprint the customer never used alerts once (when, app, user agent, IP), a known
 * one, registration and an empty fingerprint do not, concurrent logins from one new device alert
 * once (NEW_DEVICE_ALERTS=false: new-device-alerts-off.test.ts, an app of its own).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db, startTestAppWithResend } from "./support/app";
import { DEVICE, login, registeredCustomer } from "./support/accounts";

const { app, resend } = await startTestAppWithResend();

const ALERT_SUBJECT = /^New sign-in to your .* account$/;
const from = (fingerprint: string) => ({
  ...DEVICE,
  "X-Client-IP": "198.51.100.23",
  "X-Client-UA": "Firefox/140 (Linux)",
  "X-Client-Fingerprint": fingerprint,
});

const alertsTo = (email: string) => db().emailOutbox.count({ where: { toAddress: email, template: "new_device" } });
const alertEvents = (email: string) => db().customerEvent.findMany({ where: { email, type: "new_device_alert" } });

test("a login from a new fingerprint: one alert with when, app, user agent and IP, and an event", async () => {
  const customer = await registeredCustomer(app);
  assert.equal((await login(app, customer.email, customer.password, from("fp-laptop"))).status, 200);
  const alert = await resend.waitForDelivery((d) => d.body.to === customer.email && ALERT_SUBJECT.test(d.body.subject));
  const text = alert.body.text ?? "";
  assert.match(text, /When: .*\d{4}.* UTC/);
  assert.match(text, /App: /);
  const client = await db().apiClient.findFirstOrThrow({ where: { clientId: app.client.clientId } });
  assert.ok(text.includes(`App: ${client.name}`), text);
  assert.match(text, /Device: Firefox\/140 \(Linux\)/);
  assert.match(text, /IP address: 198\.51\.100\.23/);
  assert.match(text, /change your password/);
  assert.match(alert.body.html ?? "", /Firefox\/140 \(Linux\)/);
  const [event] = await alertEvents(customer.email);
  assert.deepEqual([String(event.outcome), event.fingerprint, event.ip], ["success", "fp-laptop", "198.51.100.23"]);

  // The same device again: known now.
  assert.equal((await login(app, customer.email, customer.password, from("fp-laptop"))).status, 200);
  assert.equal(await alertsTo(customer.email), 1);
});

test("no alert for the registration's device, an empty fingerprint, or a failed login", async () => {
  const customer = await registeredCustomer(app);
  assert.equal((await login(app, customer.email, customer.password)).status, 200, "the device it registered with");
  assert.equal((await login(app, customer.email, customer.password, from(""))).status, 200);
  assert.equal((await login(app, customer.email, customer.password, from("   "))).status, 200);
  assert.equal((await login(app, customer.email, "wrong password", from("fp-thief"))).status, 401);
  assert.equal(await alertsTo(customer.email), 0);
  assert.deepEqual(await alertEvents(customer.email), []);
});

test("concurrent logins from one new device: exactly one alert", async () => {
  // Each login reads the device as unknown before any has committed; the device's primary key lets
  // one of them remember it, and only that one queues the alert and its event. So all log in, and
  // exactly one e-mail and one event come out, however the logins interleave.
  const customer = await registeredCustomer(app);
  const responses = await Promise.all(
    Array.from({ length: 5 }, () => login(app, customer.email, customer.password, from("fp-tablet"))),
  );
  assert.deepEqual(
    responses.map((r) => r.status),
    [200, 200, 200, 200, 200],
  );
  assert.equal(await alertsTo(customer.email), 1);
  assert.equal((await alertEvents(customer.email)).length, 1);
});
