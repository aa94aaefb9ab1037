/**
 * The dashboard's figures as running totals (issue 38): the triggers of dashboard_daily_counts count
 * each day as the rows themselves say, and those of dashboard_totals the customers, the profiles
 * awaiting review and the failed e-mails, so the dashboard equals a recount of customers,
 * customer_events and email_outbox after registrations (30 at once), logins, a closed account, an
 * import, a retention run, reviews entering and leaving the queue, e-mails sent, failed and retried,
 * deletions, and on a restored backup.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import bcrypt from "bcryptjs";
import { importCustomers } from "@/lib/domain/customer-accounts/import-customers";
import { runCommand } from "@/lib/entry/cli/commands";
import { bearer, DEVICE, login, registeredCustomer, uniqueEmail } from "./support/accounts";
import { db, startTestApp } from "./support/app";
import { backupKind, dbOn, newPlace, preparedPlace, type Query, withDatabase } from "./support/backups";
import { staffSession } from "./support/staff";

const RETENTION_SECONDS = 2;
const app = await startTestApp({
  LOGIN_MAX_FAILURES_PER_EMAIL: "2",
  REGISTER_MAX_PER_IP: "100000",
  RETENTION_YEARS: String(RETENTION_SECONDS / (365.25 * 24 * 60 * 60)),
});
const admin = await staffSession(app, "admin");

const DAY_MS = 24 * 60 * 60 * 1000;
const appQuery: Query = (sql) => db().$queryRawUnsafe(sql);

type Figures = {
  activity: Record<string, number>[];
  emails_per_day: Record<string, number>[];
  customers: number;
  profiles_awaiting_review: number;
  failed_emails: number;
};

async function dashboard(): Promise<Figures> {
  const response = await admin.request("/api/admin/dashboard");
  assert.equal(response.status, 200);
  return response.json();
}

/** The 30 days counted from the rows themselves, as the dashboard counted them before issue 38. */
async function recount(query: Query, now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: 30 }, (_, index) =>
    new Date(today - (29 - index) * DAY_MS).toISOString().slice(0, 10),
  );
  const since = `'${days[0]}'`;
  const events = await query(`
    SELECT to_char(created_at, 'YYYY-MM-DD') AS day,
           count(*) FILTER (WHERE type = 'register' AND outcome = 'success')::int AS registrations,
           count(*) FILTER (WHERE type = 'login' AND outcome = 'success')::int AS logins,
           count(*) FILTER (WHERE type = 'login_failed')::int AS failed_logins,
           count(*) FILTER (WHERE outcome = 'rate_limited')::int AS rate_limited
    FROM customer_events WHERE created_at >= ${since} GROUP BY 1`);
  const emails = await query(`
    SELECT day, sum(queued)::int AS queued, sum(sent)::int AS sent, sum(failed)::int AS failed FROM (
      SELECT to_char(created_at, 'YYYY-MM-DD') AS day, 1 AS queued, 0 AS sent, 0 AS failed FROM email_outbox WHERE created_at >= ${since}
      UNION ALL SELECT to_char(sent_at, 'YYYY-MM-DD'), 0, 1, 0 FROM email_outbox WHERE status = 'sent' AND sent_at >= ${since}
      UNION ALL SELECT to_char(next_attempt_at, 'YYYY-MM-DD'), 0, 0, 1 FROM email_outbox WHERE status = 'failed' AND next_attempt_at >= ${since}
    ) AS e GROUP BY day`);
  const [present] = await query(`
    SELECT (SELECT count(*)::int FROM customers) AS customers,
      (SELECT count(*)::int FROM customers WHERE kyc_status = 'pending_review') AS profiles_awaiting_review,
      (SELECT count(*)::int FROM email_outbox WHERE status = 'failed') AS failed_emails`);
  const byDay = (rows: Record<string, unknown>[], keys: string[]): ({ day: string } & Record<string, number>)[] =>
    days.map((day) => {
      const row = rows.find((candidate) => candidate.day === day);
      return Object.assign(Object.fromEntries(keys.map((key) => [key, Number(row?.[key] ?? 0)])), { day });
    });
  return {
    activity: byDay(events, ["registrations", "logins", "failed_logins", "rate_limited"]),
    emails_per_day: byDay(emails, ["queued", "sent", "failed"]),
    customers: Number(present.customers),
    profiles_awaiting_review: Number(present.profiles_awaiting_review),
    failed_emails: Number(present.failed_emails),
  };
}

async function assertRecounted(what: string) {
  const { activity, emails_per_day, customers, profiles_awaiting_review, failed_emails } = await dashboard();
  assert.deepEqual(
    { activity, emails_per_day, customers, profiles_awaiting_review, failed_emails },
    await recount(appQuery),
    what,
  );
}

const closeAccount = (token: string, password: string) =>
  app.request("/client/v1/close-account", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(token) },
    form: { password },
  });

test("a day's counts are the rows of that UTC day, to the millisecond, whoever wrote them", async () => {
  const at = (iso: string) => new Date(iso);
  const event = { email: uniqueEmail("activity"), ip: DEVICE["X-Client-IP"] };
  await db().customerEvent.createMany({
    data: [
      { ...event, type: "register", outcome: "success", createdAt: at("2020-03-01T00:00:00Z") },
      { ...event, type: "login", outcome: "success", createdAt: at("2020-03-01T23:59:59.999Z") },
      { ...event, type: "login_failed", outcome: "failure", createdAt: at("2020-03-02T08:00:00Z") },
      { ...event, type: "login", outcome: "rate_limited", createdAt: at("2020-03-02T09:00:00Z") },
      { ...event, type: "register", outcome: "failure", createdAt: at("2020-03-02T10:00:00Z") },
      { ...event, type: "login", outcome: "success", createdAt: at("2020-02-29T23:59:59.999Z") },
    ],
  });
  const email = { template: "verify_email" as const, toAddress: uniqueEmail("outbox-days"), subject: "s" };
  await db().emailOutbox.createMany({
    data: [
      // Queued the day before, sent on the first day.
      { ...email, status: "sent", createdAt: at("2020-02-29T23:00:00Z"), sentAt: at("2020-03-01T00:00:00Z") },
      { ...email, status: "pending", createdAt: at("2020-03-01T10:00:00Z") },
      // Queued on the first day, given up on the second.
      {
        ...email,
        status: "failed",
        createdAt: at("2020-03-01T23:59:59.999Z"),
        nextAttemptAt: at("2020-03-02T03:00:00Z"),
      },
    ],
  });
  const counts = async () =>
    Object.fromEntries(
      (
        await db().dashboardDailyCount.groupBy({
          by: ["day", "metric"],
          where: { day: { gte: at("2020-02-29"), lt: at("2020-03-03") } },
          _sum: { count: true },
        })
      )
        .filter((row) => row._sum.count !== 0)
        .map((row) => [`${row.day.toISOString().slice(0, 10)} ${row.metric}`, row._sum.count]),
    );
  assert.deepEqual(await counts(), {
    "2020-02-29 logins": 1,
    "2020-02-29 emails_queued": 1,
    "2020-03-01 registrations": 1,
    "2020-03-01 logins": 1,
    "2020-03-01 emails_queued": 2,
    "2020-03-01 emails_sent": 1,
    "2020-03-02 failed_logins": 1,
    "2020-03-02 rate_limited": 1,
    "2020-03-02 emails_failed": 1,
  });

  // A failed e-mail retried leaves its day; sent, it counts on the day it went. A deleted event leaves its day.
  await db().emailOutbox.updateMany({
    where: { toAddress: email.toAddress, status: "failed" },
    data: { status: "sent", sentAt: at("2020-03-01T12:00:00Z") },
  });
  await db().customerEvent.deleteMany({ where: { email: event.email, type: "login_failed" } });
  const after = await counts();
  assert.equal(after["2020-03-02 emails_failed"], undefined);
  assert.equal(after["2020-03-01 emails_sent"], 2);
  assert.equal(after["2020-03-02 failed_logins"], undefined);
  assert.equal(after["2020-03-02 rate_limited"], 1);
});

test("the dashboard equals a recount after registrations, logins, a closed account, an import and a retention run", async () => {
  await assertRecounted("at the start");
  const first = await registeredCustomer(app);
  const second = await registeredCustomer(app);
  assert.equal((await login(app, first.email, first.password)).status, 200);
  assert.equal((await login(app, second.email, "wrong password")).status, 401);
  assert.equal((await login(app, second.email, "wrong password")).status, 401);
  assert.equal((await login(app, second.email, second.password)).status, 429);
  await assertRecounted("after registrations and logins");

  assert.equal((await closeAccount(first.token, first.password)).status, 200);
  const csv = [
    "email,password_hash,created_at,email_verified",
    `${uniqueEmail("imported")},${bcrypt.hashSync("old password", 4)},2019-03-04T10:00:00Z,true`,
  ];
  assert.deepEqual(await importCustomers(csv.join("\n")), { imported: 1 });
  await assertRecounted("after a closed account and an import");

  // The closed account waits out retention (2 s), then is pseudonymised and its old events stripped.
  await new Promise((resolve) => setTimeout(resolve, RETENTION_SECONDS * 1000 + 100));
  const outcome = await runCommand({ command: "retention run", args: [], options: {}, cwd: process.cwd() }, () => {});
  assert.equal(outcome.exitCode, 0);
  assert.ok((await db().customer.findFirstOrThrow({ where: { closedAt: { not: null } } })).pseudonymisedAt);
  await assertRecounted("after retention");

  // A customer deleted outright takes its events (ON DELETE CASCADE), and its counts.
  await db().customer.delete({ where: { email: second.email } });
  await assertRecounted("after a deletion");
});

test("the customers, the profiles awaiting review and the failed e-mails are a recount's, whoever writes them", async () => {
  await assertRecounted("at the start");
  const prefix = uniqueEmail("totals");
  const customer = (n: number, kycStatus: "not_submitted" | "pending_review" | "verified") => ({
    email: `${n}.${prefix}`,
    passwordHash: "not a hash",
    kycStatus,
  });
  // Rows written in one statement (as an import is), some already awaiting review.
  await db().customer.createMany({
    data: [customer(1, "pending_review"), customer(2, "pending_review"), customer(3, "not_submitted")],
  });
  await assertRecounted("after customers inserted in one statement");
  const mine = { email: { endsWith: prefix } };
  // A submit enters the queue, a decision leaves it, a change between two other statuses touches nothing.
  await db().customer.updateMany({
    where: { ...mine, kycStatus: "not_submitted" },
    data: { kycStatus: "pending_review" },
  });
  await db().customer.updateMany({ where: { email: `1.${prefix}` }, data: { kycStatus: "verified" } });
  await db().customer.updateMany({ where: { email: `1.${prefix}` }, data: { kycStatus: "rejected" } });
  await db().customer.updateMany({ where: { email: `2.${prefix}` }, data: { kycStatus: "pending_review" } });
  await assertRecounted("after reviews entered and left the queue");

  const email = { template: "verify_email" as const, toAddress: prefix, subject: "s" };
  await db().emailOutbox.createMany({
    data: [
      { ...email, status: "failed" },
      { ...email, status: "failed" },
      { ...email, status: "pending" },
    ],
  });
  // The dispatcher gives up on one; staff put a failed one back in the queue (the back office's re-send).
  await db().emailOutbox.updateMany({ where: { toAddress: prefix, status: "pending" }, data: { status: "failed" } });
  const failed = await db().emailOutbox.findFirstOrThrow({ where: { toAddress: prefix, status: "failed" } });
  const retried = await admin.request(`/api/admin/outbox/${failed.id}/retry`, { method: "POST" });
  assert.equal(retried.status, 200, await retried.text());
  await assertRecounted("after e-mails failed and one retried");

  // Deletions take their rows out of the totals: an e-mail, and customers (one awaiting review).
  await db().emailOutbox.deleteMany({ where: { toAddress: prefix, status: "failed" } });
  await db().customer.deleteMany({ where: { email: { in: [`2.${prefix}`, `3.${prefix}`] } } });
  await assertRecounted("after deletions");
});

test("30 registrations, 30 logins and 30 reviews leaving the queue at once are each counted once", async () => {
  const before = await dashboard();
  const customers = await Promise.all(Array.from({ length: 30 }, () => registeredCustomer(app)));
  const logins = await Promise.all(customers.map((customer) => login(app, customer.email, customer.password)));
  assert.deepEqual(new Set(logins.map((response) => response.status)), new Set([200]));
  // Their 30 reviews, put in the queue in one statement, leave it at once, a statement each.
  const queued = await db().customer.findMany({ where: { email: { in: customers.map(({ email }) => email) } } });
  await db().customer.updateMany({
    where: { id: { in: queued.map(({ id }) => id) } },
    data: { kycStatus: "pending_review" },
  });
  await Promise.all(queued.map(({ id }) => db().customer.update({ where: { id }, data: { kycStatus: "verified" } })));
  const after = await dashboard();
  assert.equal(after.activity.at(-1)?.registrations, Number(before.activity.at(-1)?.registrations) + 30);
  assert.equal(after.activity.at(-1)?.logins, Number(before.activity.at(-1)?.logins) + 30);
  assert.equal(after.customers, before.customers + 30);
  assert.equal(after.profiles_awaiting_review, before.profiles_awaiting_review);
  await assertRecounted("after concurrent writes");
});

// PGlite's backup is its data directory, copied whole (totals and triggers with it); pg_restore
// loads rows and then creates triggers, which is what could count a row twice.
const onlyPostgres = backupKind === "pglite" && "the embedded database's backup is a copy of its files";

test("a restored backup's totals equal a recount of its rows", { skip: onlyPostgres }, async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-dashboard-"));
  const file = path.join(directory, "dashboard.backup");
  const source = await preparedPlace(directory, "source");
  const restored = await newPlace(directory, "restored");
  try {
    assert.equal((await dbOn(source, "migrate")).code, 0);
    // Today's and yesterday's rows, written as any client of the database writes them.
    await withDatabase(source, async (query) => {
      await query(`
        INSERT INTO customer_events (type, outcome, email, created_at)
        SELECT (ARRAY['register', 'login', 'login_failed', 'logout']::"CustomerEventType"[])[1 + n % 4],
               (CASE WHEN n % 5 = 0 THEN 'rate_limited' ELSE 'success' END)::"EventOutcome",
               'restored@example.org', now()::timestamp - (n % 2) * interval '1 day'
        FROM generate_series(1, 40) AS n`);
      await query(`
        INSERT INTO email_outbox (id, template, to_address, subject, status, sent_at)
        SELECT 'restored-' || n, 'verify_email', 'restored@example.org', 's',
               (CASE WHEN n % 3 = 0 THEN 'sent' WHEN n % 4 = 0 THEN 'failed' ELSE 'pending' END)::"OutboxStatus",
               CASE WHEN n % 3 = 0 THEN now()::timestamp END
        FROM generate_series(1, 10) AS n`);
      await query(`
        INSERT INTO customers (email, password_hash, kyc_status)
        SELECT 'restored-' || n || '@example.org', 'not a hash',
               (CASE WHEN n % 2 = 0 THEN 'pending_review' ELSE 'not_submitted' END)::"KycStatus"
        FROM generate_series(1, 5) AS n`);
    });
    const before = await withDatabase(source, (query) => recount(query));
    assert.ok(before.activity.at(-1)?.registrations && before.emails_per_day.at(-1)?.sent, "rows to count");
    assert.ok(before.profiles_awaiting_review && before.failed_emails, "rows to count");
    const backup = await dbOn(source, "backup", file);
    assert.equal(backup.code, 0, backup.stderr);
    const restore = await dbOn(restored, "restore", file);
    assert.equal(restore.code, 0, restore.stderr);
    await withDatabase(restored, async (query) => {
      const totals = await query(`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, metric::text AS metric, sum(count)::int AS count
        FROM dashboard_daily_counts GROUP BY 1, 2`);
      const total = (day: string, metric: string) =>
        Number(totals.find((row) => row.day === day && row.metric === metric)?.count ?? 0);
      const expected = await recount(query);
      assert.deepEqual(
        {
          activity: expected.activity.map(({ day }) => ({
            day,
            registrations: total(day, "registrations"),
            logins: total(day, "logins"),
            failed_logins: total(day, "failed_logins"),
            rate_limited: total(day, "rate_limited"),
          })),
          emails_per_day: expected.emails_per_day.map(({ day }) => ({
            day,
            queued: total(day, "emails_queued"),
            sent: total(day, "emails_sent"),
            failed: total(day, "emails_failed"),
          })),
        },
        { activity: expected.activity, emails_per_day: expected.emails_per_day },
      );
      const totalsNow = await query(
        "SELECT metric::text AS metric, sum(count)::int AS count FROM dashboard_totals GROUP BY 1",
      );
      const current = (metric: string) => Number(totalsNow.find((row) => row.metric === metric)?.count ?? 0);
      assert.deepEqual(
        [current("customers"), current("profiles_awaiting_review"), current("failed_emails")],
        [expected.customers, expected.profiles_awaiting_review, expected.failed_emails],
      );
      assert.deepEqual(expected, before, "the source's rows, each once");
    });
  } finally {
    await source.drop();
    await restored.drop();
    fs.rmSync(directory, { recursive: true, force: true });
  }
});
