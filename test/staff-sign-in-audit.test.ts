import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { db, startTestApp } from "./support/app";
import { enrolTwoFactor, makeStaff, signIn, STAFF_PASSWORD, staffSession } from "./support/staff";

/**
 * Every staff sign-in and failed sign-in is an audit-log entry (e-mail, IP, user agent, outcome),
 * while the browser is answered the same for every failure; the audit-log list filters them by
 * outcome and e-mail. No TRUSTED_PROXIES: the address is the socket's.
 */
const app = await startTestApp();

const BROWSER = { "User-Agent": "Mozilla/5.0 (sign-in audit test)" };

const signIns = (email: string) =>
  db().auditLog.findMany({ where: { action: "sign_in", email }, orderBy: { id: "asc" } });

test("success, wrong password, unknown e-mail and inactive account: one entry each, the same answer for every failure", async () => {
  const staff = await makeStaff("operations");
  const inactive = await makeStaff("compliance", { active: false });
  const unknown = `nobody.${Date.now()}@staff.example.org`;

  assert.equal((await signIn(app, staff.email, STAFF_PASSWORD, BROWSER)).status, 200);
  const failures = [
    await signIn(app, staff.email, "wrong password", BROWSER),
    await signIn(app, unknown, STAFF_PASSWORD, BROWSER),
    await signIn(app, inactive.email, STAFF_PASSWORD, BROWSER),
  ];
  for (const failure of failures) {
    assert.equal(failure.status, 401);
    assert.deepEqual(failure.body, failures[0].body, "the browser cannot tell the failures apart");
  }

  const entries = [...(await signIns(staff.email)), ...(await signIns(unknown)), ...(await signIns(inactive.email))];
  assert.deepEqual(
    entries.map((entry) => [entry.outcome, entry.staffId, entry.resource, entry.resourceId]),
    [
      ["success", staff.id, "staff", String(staff.id)],
      ["wrong_credentials", null, "staff", String(staff.id)],
      ["wrong_credentials", null, "staff", ""],
      ["inactive", null, "staff", String(inactive.id)],
    ],
  );
  for (const entry of entries) {
    assert.equal(entry.userAgent, BROWSER["User-Agent"]);
    assert.match(entry.ip ?? "", /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    assert.ok(!JSON.stringify(entry).includes(STAFF_PASSWORD), "no password in the audit log");
  }
});

test("a wrong two-factor code after the right password is wrong_code, a wrong password with a code wrong_credentials", async () => {
  const member = await staffSession(app, "operations", { enrol: false });
  const twoFactor = member.twoFactor ?? (await enrolTwoFactor(member.request));
  assert.equal(twoFactor.recoveryCodes.length, 10);
  const email = member.staff.email;
  const before = (await signIns(email)).length;
  // Neither a code of the moment (six digits) nor a recovery code (xxxxx-xxxxx): wrong whatever the time.
  const wrongCode = await signIn(app, email, STAFF_PASSWORD, BROWSER, "abcdef");
  const wrongPassword = await signIn(app, email, "wrong password", BROWSER, "abcdef");
  assert.equal(wrongCode.status, 401);
  assert.deepEqual(wrongCode.body, wrongPassword.body, "the browser cannot tell them apart");
  const entries = (await signIns(email)).slice(before);
  assert.deepEqual(
    entries.map((entry) => [entry.outcome, entry.resourceId]),
    [
      ["wrong_code", String(member.staff.id)],
      ["wrong_credentials", String(member.staff.id)],
    ],
  );
  const admin = await staffSession(app, "admin");
  const filter = encodeURIComponent(JSON.stringify({ outcome: "wrong_code", email }));
  const listed = await (await admin.request(`/api/admin/audit-log?filter=${filter}`)).json();
  assert.deepEqual(
    listed.map((entry: { outcome: string }) => entry.outcome),
    ["wrong_code"],
  );
});

test("refused by the limit: recorded as rate_limited", async () => {
  const staff = await makeStaff("admin");
  const attempts = await Promise.all(Array.from({ length: 8 }, () => signIn(app, staff.email, "wrong password")));
  assert.deepEqual(attempts.map((attempt) => attempt.status).sort(), [401, 401, 401, 401, 401, 429, 429, 429]);
  const outcomes = (await signIns(staff.email)).map((entry) => entry.outcome).sort();
  assert.deepEqual(outcomes, [
    "rate_limited",
    "rate_limited",
    "rate_limited",
    "wrong_credentials",
    "wrong_credentials",
    "wrong_credentials",
    "wrong_credentials",
    "wrong_credentials",
  ]);
});

test("an over-long e-mail and user agent are cut before they are stored", async () => {
  const huge = randomBytes(3_000).toString("hex");
  const email = `${huge}@staff.example.org`;
  const attempt = await signIn(app, email, "wrong password", { "User-Agent": `agent ${huge}` });
  assert.equal(attempt.status, 401);
  const [entry] = await db().auditLog.findMany({
    where: { action: "sign_in", email: { startsWith: huge.slice(0, 200) } },
  });
  assert.equal(entry.email, email.slice(0, 254));
  assert.equal(entry.userAgent?.length, 512);
  assert.equal(entry.outcome, "wrong_credentials");
});

test("the audit log lists sign-ins filtered by outcome and e-mail, to compliance and admins only", async () => {
  const staff = await makeStaff("operations");
  await signIn(app, staff.email, STAFF_PASSWORD, BROWSER);
  await signIn(app, staff.email, "wrong password", BROWSER);
  const list = async (request: (path: string) => Promise<Response>, filter: Record<string, string>) => {
    const response = await request(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    assert.equal(response.status, 200);
    return (await response.json()) as Record<string, unknown>[];
  };

  const compliance = await staffSession(app, "compliance");
  const failed = await list(compliance.request, { outcome: "wrong_credentials", email: staff.email.toUpperCase() });
  assert.equal(failed.length, 1);
  assert.equal(failed[0].action, "sign_in");
  assert.equal(failed[0].email, staff.email);
  assert.equal(failed[0].user_agent, BROWSER["User-Agent"]);
  assert.equal(failed[0].outcome, "wrong_credentials");
  assert.equal(failed[0].staff_email, null);
  const succeeded = await list(compliance.request, { outcome: "success", email: staff.email });
  assert.deepEqual(
    succeeded.map((entry) => [entry.staff_email, entry.resource_id]),
    [[staff.email, String(staff.id)]],
  );
  assert.equal((await list(compliance.request, { outcome: "no such outcome", email: staff.email })).length, 0);
  assert.equal((await list(compliance.request, { email: staff.email })).length, 2);

  const filtered = (filter: unknown) =>
    compliance.request(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  for (const hostile of [{ email: "x".repeat(255) }, { email: { contains: "a" } }, { email: ["a", "b"] }]) {
    const refused = await filtered(hostile);
    assert.equal(refused.status, 400, JSON.stringify(hostile).slice(0, 80));
    assert.match((await refused.json()).message, /email must be text of at most 254 characters/);
  }
  const concurrent = await Promise.all(Array.from({ length: 6 }, () => filtered({ email: "y".repeat(10_000) })));
  assert.deepEqual(
    concurrent.map((response) => response.status),
    Array(6).fill(400),
  );

  const operations = await staffSession(app, "operations");
  assert.equal((await operations.request("/api/admin/audit-log")).status, 403);
});
