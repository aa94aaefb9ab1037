/**
 * The back office's dashboard (GET /api/admin/dashboard): each role's figures, 30 days of account
 * activity, and for operations the API clients' calls per day, the outbox per day and the latest
 * reference-data changes.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { staffSession } from "./support/staff";
import { DEVICE, login, registeredCustomer } from "./support/accounts";
import { announcement } from "@/lib/entry/server/announcement";
import { readFirstRun } from "@/lib/entry/server/first-run";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { until } from "./support/until";

// Two failures per e-mail, then the third attempt is refused: a rate-limited login to count.
const app = await startTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: "2" });
const admin = await staffSession(app, "admin");
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The settings the seed fills with placeholders ("[placeholder] …", "FRN 000000", "0000 0000", "@example.com"). */
const SEEDED_PLACEHOLDERS = [
  "trading_name",
  "company_name",
  "tag_line",
  "license",
  "cs_number",
  "cs_email",
  "hq_address",
];

const REAL_DETAILS = {
  trading_name: "Remit One",
  company_name: "Remit One Ltd",
  tag_line: "Money home, the same day",
  license: "Remit One Ltd is authorised by the Financial Conduct Authority (FRN 123456).",
  cs_number: "+44 20 7946 0321",
  cs_email: "help@remit-one.co.uk",
  hq_address: "12 Fenchurch Street",
};

async function dashboard(session: typeof admin) {
  const response = await session.request("/api/admin/dashboard");
  assert.equal(response.status, 200);
  return response.json();
}

test("each role gets only the figures of what it may read", async () => {
  const customerFigures = ["customers", "registrations_this_week", "profiles_awaiting_review", "activity"];
  // Screening's possible matches are compliance's and admins' (issue 41), never operations'.
  assert.deepEqual(Object.keys(await dashboard(compliance)), [
    ...customerFigures,
    "retention",
    "open_screening_matches",
  ]);
  const operationsFigures = [
    "active_api_clients",
    "pending_emails",
    "failed_emails",
    "email_provider",
    "emails_per_day",
    "api_clients",
    "api_calls_per_day",
    "reference_changes",
    "placeholder_settings",
  ];
  assert.deepEqual(Object.keys(await dashboard(operations)), operationsFigures);
  const everything = await dashboard(admin);
  assert.deepEqual(Object.keys(everything), [
    ...customerFigures,
    ...operationsFigures,
    "retention",
    "open_screening_matches",
  ]);
  assert.equal(everything.open_screening_matches, await db().screeningMatch.count({ where: { status: "open" } }));
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

test("while any setting holds a placeholder, the dashboard, the settings record and the start output name them", async () => {
  const startOutput = async () =>
    announcement({ url: "http://localhost:3000", database: "test", processes: 1, firstRun: await readFirstRun() }).join(
      "\n",
    );
  const record = async () => (await operations.request("/api/admin/settings/1")).json();
  const placeholder = await record();
  assert.match(placeholder.trading_name, /^\[placeholder\] /);
  assert.equal(placeholder.edited_at, null);
  assert.deepEqual(placeholder.placeholder_fields, SEEDED_PLACEHOLDERS);
  assert.deepEqual((await dashboard(operations)).placeholder_settings, SEEDED_PLACEHOLDERS);
  assert.deepEqual((await dashboard(admin)).placeholder_settings, SEEDED_PLACEHOLDERS);
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
  assert.deepEqual((await dashboard(operations)).placeholder_settings, SEEDED_PLACEHOLDERS);

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
  // Saved once, the trading name alone: the other placeholders are still what customers see.
  const left = SEEDED_PLACEHOLDERS.filter((field) => field !== "trading_name");
  assert.deepEqual(edited.placeholder_fields, left);
  assert.deepEqual((await dashboard(operations)).placeholder_settings, left);
  assert.match(await startOutput(), /The business settings are placeholders/);

  // The licence's real text but its number still the seed's, then every field a business's own.
  const licence = "Remit One Ltd is authorised by the Financial Conduct Authority (FRN 000000).";
  const partly = await operations.request("/api/admin/settings/1", {
    method: "PUT",
    json: { ...edited, ...REAL_DETAILS, license: licence },
  });
  assert.equal(partly.status, 200, await partly.clone().text());
  assert.deepEqual((await dashboard(admin)).placeholder_settings, ["license"]);
  const real = await operations.request("/api/admin/settings/1", {
    method: "PUT",
    json: { ...edited, ...REAL_DETAILS },
  });
  assert.equal(real.status, 200, await real.clone().text());
  assert.deepEqual((await record()).placeholder_fields, []);
  assert.deepEqual((await dashboard(operations)).placeholder_settings, []);
  assert.deepEqual((await dashboard(admin)).placeholder_settings, []);
  assert.doesNotMatch(await startOutput(), /placeholder/);
});

test("without an e-mail provider the dashboard says so; the outbox's days count queued, sent and failed e-mails", async () => {
  const before = await dashboard(operations);
  assert.equal(before.email_provider, false);
  await registeredCustomer(app);
  const now = new Date();
  const email = { template: "verify_email" as const, toAddress: "days@example.org", subject: "s" };
  await db().emailOutbox.createMany({
    data: [
      { ...email, status: "sent", sentAt: now },
      { ...email, status: "failed", nextAttemptAt: new Date(now.getTime() - 2 * DAY_MS) },
    ],
  });
  const { emails_per_day: days } = await dashboard(operations);
  assert.equal(days.length, 30);
  assert.equal(days.at(-1).day, utcDay(now));
  const change = (index: number, key: "queued" | "sent" | "failed") =>
    days.at(index)[key] - before.emails_per_day.at(index)[key];
  // The registration's verification e-mail, and the two rows written here.
  assert.deepEqual([change(-1, "queued"), change(-1, "sent"), change(-1, "failed")], [3, 1, 0]);
  assert.equal(change(-3, "failed"), 1);
});

test("API clients' calls are counted per day without a write per call; a client never used shows no use", async () => {
  const used = await createApiClient({ name: "Counted app", allowed_origins: ["https://app.example.com"] });
  const unused = await createApiClient({ name: "Idle app", allowed_origins: ["https://app.example.com"] });
  const headers = { "X-Client-ID": used.client_id, "X-Client-Secret": used.client_secret };
  const settings = () => app.fetch("/client/v1/settings", { headers });
  const calls = await Promise.all(Array.from({ length: 20 }, settings));
  assert.deepEqual(new Set(calls.map((response) => response.status)), new Set([200]));

  // The first call writes; the other 19 wait in memory for the next write, a minute later.
  const rows = () => db().apiClientDailyUse.findMany({ where: { apiClientId: used.id } });
  await until(async () => (await rows()).length === 1);
  assert.deepEqual(
    (await rows()).map((row) => [row.day.toISOString().slice(0, 10), row.calls]),
    [[utcDay(new Date()), 1]],
  );
  const figures = await dashboard(operations);
  const counted = figures.api_clients.find((client: { id: number }) => client.id === used.id);
  assert.equal(counted.name, "Counted app");
  assert.equal(counted.calls_today, 1);
  assert.equal(counted.calls_30_days, 1);
  assert.ok(Date.now() - new Date(counted.last_used_at).getTime() < 60_000, "used just now");
  assert.equal(figures.api_calls_per_day.at(-1).calls[used.id], 1);
  assert.equal(figures.api_clients[0].id, used.id, "the most recently used first");
  const idle = figures.api_clients.find((client: { id: number }) => client.id === unused.id);
  assert.deepEqual(
    { last_used_at: idle.last_used_at, today: idle.calls_today, month: idle.calls_30_days },
    { last_used_at: null, today: 0, month: 0 },
  );

  // A minute on (this process's record of the last write moved back), the next call adds the 19.
  const use = (globalThis as Record<symbol, unknown>)[Symbol.for("remit-accounts.api-client-use")] as Map<
    number,
    { writtenAt: number }
  >;
  const entry = use.get(used.id);
  assert.ok(entry);
  entry.writtenAt -= 60_000;
  assert.equal((await settings()).status, 200);
  await until(async () => (await rows())[0]?.calls === 21);
  assert.equal((await dashboard(operations)).api_clients[0].calls_today, 21);
});

test("operations see the latest reference-data changes, each naming the record and the fields changed", async () => {
  const countries = await (await operations.request("/api/admin/countries?range=[0,0]")).json();
  const [country] = countries;
  const changed = await operations.request(`/api/admin/countries/${country.id}`, {
    method: "PUT",
    json: { ...country, is_source: !country.is_source },
  });
  assert.equal(changed.status, 200, await changed.text());
  const [latest] = (await dashboard(operations)).reference_changes;
  assert.deepEqual(
    { ...latest, id: undefined, created_at: undefined },
    {
      id: undefined,
      created_at: undefined,
      action: "update",
      resource: "countries",
      resource_id: String(country.id),
      record_name: country.known_name,
      actor: "staff",
      staff_name: operations.staff.name,
      fields: ["is_source"],
    },
  );
  assert.equal((await dashboard(compliance)).reference_changes, undefined, "compliance reads no reference data");
});

test("the reference-data changes are the ten newest of all reference resources together, newest first, ties by id", async () => {
  // Newer than anything else in the log, two to a second, a customer's entry among every five.
  const start = Date.now() + DAY_MS;
  const resources = ["countries", "locales", "customers", "timezones", "settings"] as const;
  await db().auditLog.createMany({
    data: Array.from({ length: 25 }, (_, n) => ({
      actor: "cli" as const,
      action: "update" as const,
      resource: resources[n % resources.length],
      resourceId: String(900_000 + n),
      createdAt: new Date(start + Math.floor(n / 2) * 1000),
    })),
  });
  const newest = await db().auditLog.findMany({
    where: { resource: { in: ["countries", "locales", "timezones", "settings"] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 10,
  });
  const shown = (await dashboard(operations)).reference_changes as { id: number; resource: string }[];
  assert.deepEqual(
    shown.map((change) => change.id),
    newest.map((entry) => entry.id),
  );
  assert.ok(!shown.some((change) => change.resource === "customers"));
  assert.deepEqual(
    new Set(shown.map((change) => change.resource)),
    new Set(["countries", "locales", "timezones", "settings"]),
  );
});
