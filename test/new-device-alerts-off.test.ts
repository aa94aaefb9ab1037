/**
 * NEW_DEVICE_ALERTS=false over HTTP against the production build: a login from a new device sends
 * no alert and records no alert event, and the device is still remembered (so turning alerts back on
 * does not alert on it). An app of its own: the setting is read once at start.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db, startTestApp } from "./support/app";
import { DEVICE, login, registeredCustomer } from "./support/accounts";

const app = await startTestApp({ NEW_DEVICE_ALERTS: "false" });

test("NEW_DEVICE_ALERTS=false: no alert, and the device is still remembered", async () => {
  const customer = await registeredCustomer(app);
  const from = { ...DEVICE, "X-Client-Fingerprint": "fp-phone" };
  assert.equal((await login(app, customer.email, customer.password, from)).status, 200);
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "new_device" } }), 0);
  assert.equal(await db().customerEvent.count({ where: { email: customer.email, type: "new_device_alert" } }), 0);
  const devices = await db().customerDevice.findMany({ where: { customer: { email: customer.email } } });
  assert.deepEqual(devices.map((d) => d.fingerprint).sort(), [DEVICE["X-Client-Fingerprint"], "fp-phone"]);
});
