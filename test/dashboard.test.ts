/** The back office's dashboard (GET /api/admin/dashboard): each role's figures and 30 days of account activity. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { staffSession } from "./support/staff";
import { DEVICE, login, registeredCustomer } from "./support/accounts";
import { announcement } from "@/lib/server/announcement";
import { readFirstRun } from "@/lib/server/first-run";

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
  assert.deepEqual(Object.keys(await dashboard(operations)), [
    "active_api_clients",
    "pending_emails",
    "failed_emails",
    "placeholder_settings",
  ]);
  const everything = await dashboard(admin);
  assert.deepEqual(Object.keys(everything), [
    "customers",
    "registrations_this_week",
    "activity",
    "active_api_clients",
    "pending_emails",
    "failed_emails",
    "placeholder_settings",
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

test("until staff save the settings, the dashboard, the settings record and the start output say they are placeholders", async () => {
  const startOutput = async () =>
    announcement({ url: "http://localhost:3000", database: "test", processes: 1, firstRun: await readFirstRun() }).join(
      "\n",
    );
  const record = async () => (await operations.request("/api/admin/settings/1")).json();
  const placeholder = await record();
  assert.match(placeholder.trading_name, /^\[placeholder\] /);
  assert.equal(placeholder.edited_at, null);
  assert.equal((await dashboard(operations)).placeholder_settings, true);
  assert.equal((await dashboard(admin)).placeholder_settings, true);
  assert.match(
    await startOutput(),
    /The business settings are placeholders .*\n.*http:\/\/localhost:3000\/admin#\/settings/,
  );

  // A refused save, a save by a role that may not, and reading are not edits.
  const refused = await operations.request("/api/admin/settings/1", {
    method: "PUT",
    json: { ...placeholder, trading_name: "x".repeat(101), cs_email: "help\u0000@example.com" },
  });
  assert.equal(refused.status, 400);
  const forbidden = await compliance.request("/api/admin/settings/1", { method: "PUT", json: placeholder });
  assert.equal(forbidden.status, 403);
  assert.equal((await record()).edited_at, null);
  assert.equal((await dashboard(operations)).placeholder_settings, true);

  // Two saves at once, the record sent back as the back office sends it (edited_at included): both land.
  const saves = await Promise.all(
    ["Remit One", "Remit Two"].map((name) =>
      operations.request("/api/admin/settings/1", {
        method: "PUT",
        json: { ...placeholder, trading_name: name, edited_at: null },
      }),
    ),
  );
  assert.deepEqual(
    saves.map((save) => save.status),
    [200, 200],
  );
  const edited = await record();
  assert.ok(Date.parse(edited.edited_at) > Date.now() - 60_000, edited.edited_at);
  assert.equal((await dashboard(operations)).placeholder_settings, false);
  assert.equal((await dashboard(admin)).placeholder_settings, false);
  assert.doesNotMatch(await startOutput(), /placeholder/);
});
