/**
 * STAFF_MFA_REQUIRED_ROLES names the roles held until they enrol in two-factor: here compliance
 * and operations, so an admin is not held and a compliance member is.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp } from "./support/app";
import { enrolTwoFactor, staffSession } from "./support/staff";

const app = await startTestApp({ STAFF_MFA_REQUIRED_ROLES: "compliance, operations" });

test("the roles named are held until they enrol, and the others are not", async () => {
  const admin = await staffSession(app, "admin");
  assert.equal(admin.twoFactor, undefined, "an admin is not required to here");
  assert.equal((await admin.request("/api/admin/staff")).status, 200);

  const compliance = await staffSession(app, "compliance", { enrol: false });
  const held = await compliance.request("/api/admin/customers");
  assert.equal(held.status, 403);
  assert.equal((await held.json()).type, "mfa_required");
  await enrolTwoFactor(compliance.request);
  assert.equal((await compliance.request("/api/admin/customers")).status, 200);

  const operations = await staffSession(app, "operations");
  assert.ok(operations.twoFactor, "enrolled by the test support, as the role requires it");
  assert.equal((await operations.request("/api/admin/outbox")).status, 200);
});
