/** The back office's dashboard (GET /api/admin/dashboard): each role's figures and 30 days of account activity. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { staffSession } from "./support/staff";
import { DEVICE, login, registeredCustomer } from "./support/accounts";

// Two failures per e-mail, then the third attempt is refused: a rate-limited login to count.
const app = await startTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: "2" });
const admin = await staffSession(app, "admin");
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

async function dashboard(session: typeof admin) {
  const response = await session.request("/api/admin/dashboard");
  assert.equal(response.status, 200);
  return response.json();
}

test("each role gets only the figures of what it may read", async () => {
  assert.deepEqual(Object.keys(await dashboard(compliance)), ["customers", "registrations_this_week", "activity"]);
  assert.deepEqual(Object.keys(await dashboard(operations)), ["active_api_clients", "pending_emails", "failed_emails"]);
  const everything = await dashboard(admin);
  assert.deepEqual(Object.keys(everything), [
    "customers",
    "registrations_this_week",
    "activity",
    "active_api_clients",
    "pending_emails",
    "failed_emails",
  ]);
  assert.equal(everything.customers, await db().customer.count());
  assert.equal(everything.active_api_clients, await db().apiClient.count({ where: { active: true } }));
  assert.equal(everything.pending_emails, await db().emailOutbox.count({ where: { status: "pending" } }));
});

test("activity counts registrations, logins, failed logins and rate-limited attempts per UTC day", async () => {
  const before = await dashboard(compliance);
  const first = await registeredCustomer(app);
  const second = await registeredCustomer(app);
  assert.equal((await login(app, first.email, first.password)).status, 200);
  assert.equal((await login(app, second.email, "wrong password")).status, 401);
  assert.equal((await login(app, second.email, "wrong password")).status, 401);
  assert.equal((await login(app, second.email, second.password)).status, 429);

  // Older events, written as the service writes them, on days the test picks.
  const now = new Date();
  const event = { type: "login" as const, outcome: "success" as const, email: first.email, ip: DEVICE["X-Client-IP"] };
  await db().customerEvent.createMany({
    data: [
      { ...event, createdAt: new Date(now.getTime() - 3 * DAY_MS) },
      { ...event, createdAt: new Date(now.getTime() - 3 * DAY_MS) },
      { ...event, type: "register", createdAt: new Date(now.getTime() - 29 * DAY_MS) },
      // Outside the 30 days: not shown.
      { ...event, createdAt: new Date(now.getTime() - 31 * DAY_MS) },
    ],
  });

  const { activity } = await dashboard(compliance);
  assert.equal(activity.length, 30);
  assert.equal(activity.at(-1).day, utcDay(now), "today last");
  assert.equal(activity[0].day, utcDay(new Date(now.getTime() - 29 * DAY_MS)), "29 days ago first");
  assert.deepEqual(
    activity.map((day: { day: string }) => day.day),
    [...activity.map((day: { day: string }) => day.day)].sort(),
    "oldest first, every day once",
  );

  const today = activity.at(-1);
  const todayBefore = before.activity.at(-1);
  assert.deepEqual(
    {
      registrations: today.registrations - todayBefore.registrations,
      logins: today.logins - todayBefore.logins,
      failed_logins: today.failed_logins - todayBefore.failed_logins,
      rate_limited: today.rate_limited - todayBefore.rate_limited,
    },
    { registrations: 2, logins: 1, failed_logins: 2, rate_limited: 1 },
  );
  const threeDaysAgo = activity.find(
    (day: { day: string }) => day.day === utcDay(new Date(now.getTime() - 3 * DAY_MS)),
  );
  assert.equal(threeDaysAgo.logins, 2);
  assert.equal(activity[0].registrations, 1);
  const total = activity.reduce((sum: number, day: { logins: number }) => sum + day.logins, 0);
  assert.equal(total, 3, "the event of 31 days ago is not counted");
});

test("the dashboard is read-only and needs a session", async () => {
  assert.equal((await fetch(`${app.url}/api/admin/dashboard`)).status, 401);
  assert.equal((await admin.request("/api/admin/dashboard", { method: "POST", json: {} })).status, 405);
});
