/**
 * Retention (issue 28) with RETENTION_YEARS a few seconds: accounts closed over HTTP, time let pass,
 * `retention run` (and `--dry-run`) as the command line runs it, then the database read for what is
 * gone and what stays; a held account untouched; an open account's old events stripped, its recent
 * ones kept; a second run doing nothing; hostile arguments refused; the admin API's read and the
 * dashboard's card. The scheduled run's one claim among instances is in scale-out.test.ts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { runCommand } from "@/lib/entry/cli/commands";
import { db, startTestApp } from "./support/app";
import { bearer, DEVICE, login, registeredCustomer, VERIFY_URL } from "./support/accounts";
import { jsonLines, runCli } from "./support/cli";
import { importListVersion } from "./support/screening-lists";
import { staffSession } from "./support/staff";

const RETENTION_SECONDS = 5;
// A long refresh grace: the sweep of spent tokens' pairs stays out of the snapshots compared.
const app = await startTestApp({
  RETENTION_YEARS: String(RETENTION_SECONDS / (365.25 * 24 * 60 * 60)),
  REFRESH_REUSE_GRACE_SECONDS: "3600",
});
const compliance = await staffSession(app, "compliance");
const operations = await staffSession(app, "operations");

/** `npm run -s cli -- retention run …` as the CLI (or the server's control channel) runs it. */
async function retention(args: string[] = [], options: Record<string, unknown> = {}) {
  const printed: Record<string, unknown>[] = [];
  const outcome = await runCommand({ command: "retention run", args, options, cwd: process.cwd() }, (value) =>
    printed.push(JSON.parse(JSON.stringify(value))),
  );
  return { ...outcome, printed };
}

const closeAccount = (token: string, password: string) =>
  app.request("/client/v1/close-account", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(token) },
    form: { password },
  });

async function customerWithId() {
  const customer = await registeredCustomer(app);
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  return { ...customer, id };
}

/** Everything stored about a customer that retention may touch. */
async function snapshot(id: number) {
  const customer = await db().customer.findUniqueOrThrow({ where: { id } });
  return {
    customer,
    events: await db().customerEvent.findMany({ where: { customerId: id }, orderBy: { id: "asc" } }),
    devices: await db().customerDevice.findMany({ where: { customerId: id }, orderBy: { firstSeenAt: "asc" } }),
    loginTokens: await db().loginToken.findMany({ where: { customerId: id }, orderBy: { id: "asc" } }),
    spent: await db().spentRefreshToken.findMany({ where: { loginToken: { customerId: id } } }),
    decisions: await db().kycDecision.findMany({ where: { customerId: id }, orderBy: { id: "asc" } }),
    changes: await db().customerProfileChange.findMany({ where: { customerId: id }, orderBy: { id: "asc" } }),
    recoveryCodes: await db().customerRecoveryCode.count({ where: { customerId: id } }),
    matches: await db().screeningMatch.findMany({ where: { customerId: id }, orderBy: { id: "asc" } }),
  };
}

/** Personal data the HTTP API does not write in a few calls: a profile, its history, a decision, two-factor, a webhook. */
async function givePersonalData(id: number, email: string) {
  await db().customer.update({
    where: { id },
    data: {
      givenNames: "Ada",
      familyName: "Lovelace",
      dateOfBirth: new Date("1990-12-10"),
      phone: "+447700900123",
      addressLine1: "12 St James's Square",
      addressCity: "London",
      addressPostcode: "SW1Y 4JH",
      addressCountry: "GB",
      nationality: "GB",
      kycStatus: "verified",
      totpSecretEncrypted: "sealed-secret",
      totpEnabledAt: new Date(),
    },
  });
  await db().customerProfileChange.create({
    data: { customerId: id, before: { given_names: null }, after: { given_names: "Ada" } },
  });
  await db().kycDecision.create({
    data: { customerId: id, kind: "status", kycStatus: "verified", reason: "Passport of Ada Lovelace checked" },
  });
  await db().customerRecoveryCode.create({ data: { customerId: id, codeHash: `hash-${id}` } });
  // Two possible screening matches with one entry, as screened under two identities: one decided, one open.
  await importListVersion("retention-test", [{ externalId: "babbage", name: "Charles Babbage", topics: ["pep"] }]);
  const entry = await db().screeningEntry.findFirstOrThrow({ where: { externalId: "babbage" } });
  for (const [identityHash, status] of [
    ["a".repeat(64), "false_positive"],
    ["b".repeat(64), "open"],
  ] as const) {
    await db().screeningMatch.create({
      data: {
        customerId: id,
        listId: entry.listId,
        entryId: entry.id,
        listVersion: 1,
        score: 0.9,
        customerName: "Ada Lovelace",
        matchedName: "Charles Babbage",
        identityHash,
        entryContentHash: entry.contentHash,
        status,
      },
    });
  }
  const client = await db().apiClient.findUniqueOrThrow({ where: { clientId: app.client.clientId } });
  const endpoint = await db().webhookEndpoint.create({
    data: { apiClientId: client.id, url: "https://hooks.example.com/r", events: [], secretBox: "x", enabled: false },
  });
  await db().webhookDelivery.create({
    data: {
      endpointId: endpoint.id,
      event: "customer_new_device",
      customerId: id,
      data: { customer_id: id, email, ip: DEVICE["X-Client-IP"], user_agent: DEVICE["X-Client-UA"] },
      status: "delivered",
    },
  });
}

test("retention pseudonymises what the period is over for, keeps what it must, once; the dry run says the same and writes nothing", async () => {
  // Two accounts to close with a history, one closed under a legal hold, one that stays open.
  const ada = await customerWithId();
  await login(app, ada.email, ada.password);
  const pair = await (
    await app.fetch("/client/v1/token/refresh", {
      method: "POST",
      headers: { ...app.client.headers, ...DEVICE, "Content-Type": "application/json" },
      body: JSON.stringify({ refresh_token: ada.refreshToken }),
    })
  ).json();
  assert.ok(pair.token, "refreshed: a spent refresh token kept");
  ada.token = pair.token;
  const bob = await customerWithId();
  const held = await customerWithId();
  const open = await customerWithId();
  for (const customer of [ada, bob, held]) {
    assert.equal((await closeAccount(customer.token, customer.password)).status, 200);
  }
  // Given after the close, which two-factor would otherwise ask a code for.
  await givePersonalData(ada.id, ada.email);
  await db().customer.update({ where: { id: held.id }, data: { legalHoldSince: new Date() } });
  const openOldEvents = await db().customerEvent.count({ where: { customerId: open.id } });
  const before = await snapshot(ada.id);
  const heldBefore = await snapshot(held.id);
  const adaMail = await db().emailOutbox.findMany({ where: { toAddress: ada.email } });
  assert.ok(adaMail.length >= 2 && adaMail.some((mail) => mail.html), "a verification and a closing notice");

  // The period passes; then the open account logs in again: that event is recent.
  await sleep(RETENTION_SECONDS * 1000 + 500);
  assert.equal((await login(app, open.email, open.password)).status, 200);

  const dry = await retention([], { "dry-run": true });
  assert.equal(dry.exitCode, 0, dry.error);
  const summary = dry.printed.at(-1);
  assert.deepEqual(
    dry.printed.slice(0, -1).map((line) => line.customer_id),
    [ada.id, bob.id],
    "each account it would pseudonymise",
  );
  const expected = { accounts_pseudonymised: 2, accounts_held: 1, events_stripped: openOldEvents };
  assert.deepEqual({ ...summary, cutoff: undefined }, { dry_run: true, cutoff: undefined, ...expected });
  assert.deepEqual(await snapshot(ada.id), before, "the dry run changed nothing");
  assert.equal(await db().retentionRun.count({ where: { trigger: "command_line" } }), 0, "nor recorded a run");

  // Both runs at once after the dry run: the recent login stays within the period meanwhile.
  const real = await retention();
  const afterFirst = await snapshot(ada.id);
  const again = await retention();
  assert.equal(real.exitCode, 0, real.error);
  const [run] = real.printed;
  assert.deepEqual(
    {
      accounts_pseudonymised: run.accounts_pseudonymised,
      accounts_held: run.accounts_held,
      events_stripped: run.events_stripped,
    },
    expected,
    "the same counts as the dry run",
  );
  assert.equal(run.trigger, "command_line");
  assert.equal(run.error, null);
  const audit = await db().auditLog.findFirstOrThrow({
    where: { action: "retention_run", resourceId: String(run.id) },
  });
  assert.equal(audit.resource, "retention");
  assert.equal(audit.staffId, null);
  assert.deepEqual(audit.after, { trigger: "command_line", cutoff: run.cutoff, ...expected });

  // What is gone.
  const after = await snapshot(ada.id);
  assert.deepEqual(after, afterFirst, "the second run changed nothing");
  const tombstone = `closed:${ada.id}`;
  assert.equal(after.customer.email, tombstone);
  assert.equal(after.customer.closedEmail, null);
  for (const column of [
    "givenNames",
    "familyName",
    "dateOfBirth",
    "phone",
    "addressLine1",
    "addressCity",
    "addressPostcode",
    "addressCountry",
    "nationality",
    "totpSecretEncrypted",
  ] as const) {
    assert.equal(after.customer[column], null, column);
  }
  assert.equal(after.customer.passwordHash, "pseudonymised");
  assert.ok(after.customer.pseudonymisedAt);
  for (const event of after.events) {
    assert.deepEqual([event.email, event.ip, event.userAgent, event.fingerprint], [tombstone, "", "", ""]);
  }
  for (const token of after.loginTokens) {
    assert.deepEqual([token.ip, token.userAgent, token.fingerprint], ["unknown", "", ""]);
  }
  assert.ok(before.spent.length > 0 && after.spent.every((spent) => spent.successor === null));
  assert.ok(after.devices.every((device) => !device.fingerprint.includes(DEVICE["X-Client-Fingerprint"])));
  assert.equal(after.recoveryCodes, 0);
  assert.deepEqual(after.changes[0].after, { given_names: null });
  assert.equal(after.decisions[0].reason, "");
  // The possible matches stay, under the pseudonym: the name compared and the identity's hash go.
  assert.equal(after.matches.length, 2);
  for (const match of after.matches) {
    assert.equal(match.customerName, tombstone);
    assert.ok(!before.matches.some(({ identityHash }) => identityHash === match.identityHash), match.identityHash);
  }
  const kept = ({ id, entryId, listId, listVersion, score, matchedName, status }: (typeof before.matches)[number]) => ({
    id,
    entryId,
    listId,
    listVersion,
    score,
    matchedName,
    status,
  });
  assert.deepEqual(after.matches.map(kept), before.matches.map(kept));
  assert.equal(await db().emailOutbox.count({ where: { toAddress: ada.email } }), 0);
  const mail = await db().emailOutbox.findMany({ where: { toAddress: tombstone } });
  assert.equal(mail.length, adaMail.length);
  assert.ok(mail.every((row) => row.html === null && row.text === null && row.tokenBox === null));
  const [delivery] = await db().webhookDelivery.findMany({
    where: { data: { path: ["customer_id"], equals: ada.id } },
  });
  assert.deepEqual(delivery.data, { customer_id: ada.id, email: tombstone, ip: "", user_agent: "" });
  const closedBob = await db().customer.findUniqueOrThrow({ where: { id: bob.id } });
  assert.equal(closedBob.closedEmail, null);
  assert.equal(await db().emailOutbox.count({ where: { toAddress: bob.email } }), 0);

  // What stays: ids, dates, the facts.
  assert.deepEqual(
    [after.customer.id, after.customer.createdAt, after.customer.closedAt, after.customer.kycStatus],
    [before.customer.id, before.customer.createdAt, before.customer.closedAt, "verified"],
  );
  assert.deepEqual(
    after.events.map(({ id, type, outcome, createdAt }) => ({ id, type, outcome, createdAt })),
    before.events.map(({ id, type, outcome, createdAt }) => ({ id, type, outcome, createdAt })),
  );
  assert.deepEqual(
    after.devices.map((device) => device.firstSeenAt),
    before.devices.map((device) => device.firstSeenAt),
  );
  assert.deepEqual(
    after.decisions.map(({ id, kind, kycStatus, createdAt }) => ({ id, kind, kycStatus, createdAt })),
    before.decisions.map(({ id, kind, kycStatus, createdAt }) => ({ id, kind, kycStatus, createdAt })),
  );
  assert.equal(after.loginTokens.length, before.loginTokens.length);
  assert.equal(after.changes.length, before.changes.length);

  // The held account is untouched.
  assert.deepEqual(await snapshot(held.id), heldBefore);

  // The open account: its old events stripped, the recent login kept whole, its address kept.
  const openEvents = await db().customerEvent.findMany({ where: { customerId: open.id }, orderBy: { id: "asc" } });
  const recent = openEvents.at(-1)!;
  assert.deepEqual(
    [recent.type, recent.ip, recent.userAgent, recent.fingerprint],
    ["login", DEVICE["X-Client-IP"], DEVICE["X-Client-UA"], DEVICE["X-Client-Fingerprint"]],
  );
  for (const event of openEvents.slice(0, -1)) {
    assert.deepEqual([event.email, event.ip, event.userAgent, event.fingerprint], [open.email, "", "", ""]);
  }

  // The second run found nothing more to do, and changed nothing.
  assert.equal(again.exitCode, 0, again.error);
  assert.deepEqual(
    [again.printed[0].accounts_pseudonymised, again.printed[0].accounts_held, again.printed[0].events_stripped],
    [0, 1, 0],
  );

  // The admin API's read: the latest run first; compliance may read it, operations may not.
  const response = await compliance.request("/api/admin/retention");
  assert.equal(response.status, 200);
  const status = await response.json();
  assert.equal(status.runs[0].id, again.printed[0].id);
  assert.equal(status.runs[1].id, run.id);
  assert.ok(
    status.runs.some((listed: { trigger: string }) => listed.trigger === "schedule"),
    "the start's daily run",
  );
  assert.match(status.next_scheduled_day, /^\d{4}-\d{2}-\d{2}$/);
  assert.ok(status.retention_years > 0);
  const dashboard = await (await compliance.request("/api/admin/dashboard")).json();
  assert.equal(dashboard.retention.runs[0].id, again.printed[0].id);
});

test("only the closed account's own e-mails go: not another customer's, at an address it asked for in vain", async () => {
  const closer = await customerWithId();
  // Registered after the closer, so its e-mails fall within the closer's lifetime.
  const other = await customerWithId();
  const refused = await app.request("/client/v1/change-email", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(closer.token) },
    form: { email: other.email, password: "wrong password", email_verification_url: VERIFY_URL },
  });
  assert.equal(refused.status, 400);
  assert.equal(
    await db().customerEvent.count({ where: { customerId: closer.id, email: other.email, outcome: "failure" } }),
    1,
    "the failed change records the address asked for",
  );
  assert.equal((await closeAccount(closer.token, closer.password)).status, 200);
  const othersMail = await db().emailOutbox.findMany({ where: { toAddress: other.email }, orderBy: { id: "asc" } });
  assert.ok(othersMail.length > 0, "the other customer has e-mails");
  await sleep(RETENTION_SECONDS * 1000 + 500);
  assert.equal((await retention()).exitCode, 0);
  assert.equal((await db().customer.findUniqueOrThrow({ where: { id: closer.id } })).email, `closed:${closer.id}`);
  assert.deepEqual(
    await db().emailOutbox.findMany({
      where: { id: { in: othersMail.map((mail) => mail.id) } },
      orderBy: { id: "asc" },
    }),
    othersMail,
    "the other customer's e-mails are as they were",
  );
});

test("two runs at once pseudonymise each account once between them", async () => {
  const customers = [await customerWithId(), await customerWithId(), await customerWithId()];
  for (const customer of customers) {
    assert.equal((await closeAccount(customer.token, customer.password)).status, 200);
  }
  await sleep(RETENTION_SECONDS * 1000 + 500);
  const runs = await Promise.all([retention(), retention()]);
  assert.deepEqual(
    runs.map((run) => run.exitCode),
    [0, 0],
  );
  const done = runs.map((run) => run.printed[0].accounts_pseudonymised as number);
  assert.equal(done[0] + done[1], customers.length, JSON.stringify(done));
  for (const { id } of customers) {
    const customer = await db().customer.findUniqueOrThrow({ where: { id } });
    assert.deepEqual([customer.email, customer.closedEmail], [`closed:${id}`, null]);
  }
});

test("operations may not read retention, through the admin API or the dashboard", async () => {
  assert.equal((await operations.request("/api/admin/retention")).status, 403);
  // Read only: no role writes it.
  assert.equal((await compliance.request("/api/admin/retention", { method: "POST", json: {} })).status, 405);
  const dashboard = await (await operations.request("/api/admin/dashboard")).json();
  assert.equal(dashboard.retention, undefined);
});

test("retention run refuses arguments it does not take, and writes nothing then", async () => {
  const runs = await db().retentionRun.count();
  for (const [args, options] of [
    [["now"], {}],
    [["--dry-run"], {}],
    [[], { to: "a@example.com" }],
    [["\u0000\u001b[2J".repeat(500)], { "dry-run": true }],
  ] as const) {
    const outcome = await retention([...args], options);
    assert.equal(outcome.exitCode, 2, JSON.stringify(args));
    assert.match(outcome.error ?? "", /^retention run takes only --dry-run/);
    assert.ok((outcome.error ?? "").length < 300, "the message is cut");
    assert.doesNotMatch(outcome.error ?? "", /\p{Cc}/u, "no control character echoed to the terminal");
    assert.deepEqual(outcome.printed, []);
  }
  assert.equal(await db().retentionRun.count(), runs);
  // The command line's own parsing: a value for the flag, or a flag it does not know, is a mistake (exit 2).
  for (const flag of ["--dry-run=yes", "--dryrun"]) {
    const result = await runCli({}, "retention", "run", flag);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /dry-?run/);
  }
});

test("on PostgreSQL, the command line in a process of its own: the dry run prints the same as in the server", {
  skip: process.env.TEST_DATABASE_URL ? false : "the in-memory embedded database is this process's alone",
}, async () => {
  const inProcess = await retention([], { "dry-run": true });
  const result = await runCli({}, "retention", "run", "--dry-run");
  assert.equal(result.code, 0, result.stderr);
  const [line] = jsonLines(result.stdout);
  assert.deepEqual({ ...line, cutoff: undefined }, { ...inProcess.printed.at(-1), cutoff: undefined });
});
