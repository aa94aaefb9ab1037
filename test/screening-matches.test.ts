/**
 * Screening in the customer's life (issue 41, part 2), over HTTP against the production build: a
 * submit and a change of identity screen the customer, a list's new version re-screens everyone who
 * submitted (resumable: a run left by a dead process is taken up where it stopped), possible matches
 * reviewed in the queue's API (compliance and admin; operations 403), decided once (concurrent
 * decisions: one wins, the others 409), a false positive not raised again until the identity or the
 * entry changes, a true sanctions match blocking the account, a true PEP match raising the risk, KYC
 * verification refused while a match is open (and, at once after a submit, only once the screening it
 * waits for has opened that match), and nothing of it reaching the customer or their app.
 * Lists are written straight to the database (test/support/screening-lists.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db, startTestApp } from "./support/app";
import { reviewView, staffSession } from "./support/staff";
import { bearer, DEVICE, login, registeredCustomer, sentText } from "./support/accounts";
import { importListVersion } from "./support/screening-lists";
import { until } from "./support/until";
import { startWebhookReceiver } from "./support/webhook-receiver";

const METRICS_TOKEN = "metrics-token-for-screening";
const receiver = await startWebhookReceiver();
const app = await startTestApp({
  METRICS_TOKEN,
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  WEBHOOK_DISPATCH_INTERVAL_MS: "50",
});
const admin = await staffSession(app, "admin");
const compliance = await staffSession(app, "compliance");
const operations = await staffSession(app, "operations");
// The app's backend hears of every event about its customers that a block or a review sends.
const clientId = (await db().apiClient.findFirstOrThrow({ where: { name: "Test app" } })).id;
const endpoint = await admin.request(`/api/admin/clients/${clientId}/webhooks`, {
  method: "POST",
  json: {
    url: `${receiver.url}/hooks`,
    events: ["customer.blocked", "customer.profile_updated", "customer.kyc_status_changed", "customer.registered"],
  },
});
assert.equal(endpoint.status, 201, await endpoint.clone().text());

const WAIT = { timeoutMs: 30_000, everyMs: 100 };

const PROFILE = {
  date_of_birth: "1970-01-02",
  phone: "+447911123456",
  address_line1: "1 High Street",
  address_city: "London",
  address_postcode: "SW1A 1AA",
  address_country: "GB",
  country_of_residence: "GB",
  nationality: "GB",
};

const changeProfile = (token: string, json: Record<string, unknown>) =>
  app.request("/client/v1/me/profile", { method: "POST", headers: { ...DEVICE, ...bearer(token) }, json });

/** A customer who gave a complete profile with these names through the API and submitted it. */
async function submittedCustomer(givenNames: string, familyName: string, profile: Record<string, string> = {}) {
  const customer = await registeredCustomer(app);
  const changed = await changeProfile(customer.token, {
    ...PROFILE,
    given_names: givenNames,
    family_name: familyName,
    ...profile,
  });
  assert.equal(changed.status, 200, await changed.clone().text());
  const submitted = await app.request("/client/v1/me/profile/submit", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(customer.token) },
  });
  assert.equal(submitted.status, 200, await submitted.clone().text());
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  return { ...customer, id };
}

const matchesOf = (customerId: number, status?: "open" | "true_match" | "false_positive") =>
  db().screeningMatch.findMany({ where: { customerId, status }, orderBy: { id: "asc" } });

/** The customer's open match, once screening has opened it. */
const openMatch = async (customerId: number) =>
  (
    await until(
      () => matchesOf(customerId, "open"),
      (m) => m.length > 0,
      WAIT,
    )
  )[0];

/** Screening has nothing left to do: no customer due, no re-screen running. */
const screeningIdle = () =>
  until(
    async () =>
      (await db().customer.count({ where: { screeningDueAt: { not: null } } })) +
      (await db().screeningRun.count({ where: { status: "running" } })),
    (left) => left === 0,
    WAIT,
  );

type Session = typeof admin;
const decide = (session: Session, id: number | string, json: unknown) =>
  session.request(`/api/admin/screening/matches/${id}`, { method: "POST", json });

let listed = 0;
/** A name no other test uses, listed on `list` with these topics. */
async function listedPerson(list: string, topics: ("sanction" | "pep")[], given: string, family: string) {
  listed += 1;
  await importListVersion(list, [
    {
      externalId: `${list}-${listed}`,
      name: `${given} ${family}`,
      birthDates: ["1970"],
      nationalities: ["RU"],
      topics,
      programs: topics.includes("sanction") ? ["UKRAINE-EO13662"] : ["Member of parliament"],
    },
  ]);
  return `${list}-${listed}`;
}

test("a submit opens a possible match, which the queue lists and shows side by side, to compliance and admins only", async () => {
  const externalId = await listedPerson("test-sanctions", ["sanction"], "Boris", "Kowalczyk");
  const customer = await submittedCustomer("Boris", "Kowalczyk");
  const match = await openMatch(customer.id);
  assert.equal(match.customerName, "Boris Kowalczyk");
  // The same name, a listed birth year against the customer's full date: near 1 (the default threshold is 0.89).
  assert.ok(match.score > 0.9 && match.score <= 1, `score ${match.score}`);

  for (const session of [admin, compliance]) {
    const listed = await session.request(
      `/api/admin/screening/matches?filter=${encodeURIComponent(JSON.stringify({ status: "open", list: "test-sanctions", customer_id: customer.id, topic: "sanction" }))}`,
    );
    assert.equal(listed.status, 200);
    const rows = await listed.json();
    assert.deepEqual(
      rows.map((row: { id: number }) => row.id),
      [match.id],
    );
    const shown = await (await session.request(`/api/admin/screening/matches/${match.id}`)).json();
    assert.equal(shown.status, "open");
    assert.deepEqual(shown.customer, {
      email: customer.email,
      given_names: "Boris",
      family_name: "Kowalczyk",
      date_of_birth: "1970-01-02",
      nationality: "GB",
    });
    assert.equal(shown.entry.external_id, externalId);
    assert.deepEqual(shown.entry.birth_dates, ["1970"]);
    assert.deepEqual(shown.entry.nationalities, ["RU"]);
    assert.deepEqual(shown.entry.programs, ["UKRAINE-EO13662"]);
    assert.equal(shown.list, "test-sanctions");
    assert.equal(typeof shown.list_version, "number");
  }
  // Another filter's value finds nothing.
  const pep = await compliance.request(
    `/api/admin/screening/matches?filter=${encodeURIComponent(JSON.stringify({ customer_id: customer.id, topic: "pep" }))}`,
  );
  assert.deepEqual(await pep.json(), []);

  for (const refused of [
    await operations.request("/api/admin/screening/matches"),
    await operations.request(`/api/admin/screening/matches/${match.id}`),
    await decide(operations, match.id, { decision: "false_positive", reason: "Not them" }),
    await operations.request("/api/admin/screening/runs"),
  ]) {
    assert.equal(refused.status, 403);
  }
  assert.equal((await db().screeningMatch.findUniqueOrThrow({ where: { id: match.id } })).status, "open");
  // Operations' dashboard has no count; compliance's has.
  assert.equal((await (await operations.request("/api/admin/dashboard")).json()).open_screening_matches, undefined);
  assert.ok((await (await compliance.request("/api/admin/dashboard")).json()).open_screening_matches >= 1);
});

test("KYC cannot be verified while a match is open; decided, it can", async () => {
  await listedPerson("test-sanctions", ["sanction"], "Clara", "Brandtner");
  const customer = await submittedCustomer("Clara", "Brandtner");
  const match = await openMatch(customer.id);
  const verify = async () =>
    compliance.request(`/api/admin/customers/${customer.id}/kyc`, {
      method: "POST",
      json: { ...(await reviewView(compliance.request, customer.id)), status: "verified", reason: "Documents checked" },
    });
  const refused = await verify();
  assert.equal(refused.status, 400);
  const body = await refused.json();
  assert.deepEqual(
    body.errors.map((error: { param: string; code: string }) => `${error.param}/${error.code}`),
    ["status/screening_open"],
  );
  assert.equal((await db().customer.findUniqueOrThrow({ where: { id: customer.id } })).kycStatus, "pending_review");

  assert.equal(
    (await decide(compliance, match.id, { decision: "false_positive", reason: "Born 40 years apart" })).status,
    200,
  );
  const verified = await verify();
  assert.equal(verified.status, 200, await verified.clone().text());
  assert.equal((await verified.json()).kyc_status, "verified");
});

test("a submit and a verification at once: KYC is never verified before the screening, nor with the match it opens", async () => {
  await listedPerson("test-sanctions", ["sanction"], "Lorenz", "Quaresma");
  const customers = await Promise.all(
    Array.from({ length: 3 }, async () => {
      const customer = await registeredCustomer(app);
      const changed = await changeProfile(customer.token, {
        ...PROFILE,
        given_names: "Lorenz",
        family_name: "Quaresma",
      });
      assert.equal(changed.status, 200, await changed.clone().text());
      const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
      return { ...customer, id };
    }),
  );
  // Each submits and is verified the moment the submit answers, on the review it leaves (the profile
  // as it was, the review's version one on), read before: the decisions race each other and the
  // screening pass (every 2 s), which may have any of them in its batch.
  const answers = await Promise.all(
    customers.map(async (customer) => {
      const view = await reviewView(compliance.request, customer.id);
      const submitted = await app.request("/client/v1/me/profile/submit", {
        method: "POST",
        headers: { ...DEVICE, ...bearer(customer.token) },
      });
      assert.equal(submitted.status, 200, await submitted.clone().text());
      return compliance.request(`/api/admin/customers/${customer.id}/kyc`, {
        method: "POST",
        json: { ...view, review_version: view.review_version + 1, status: "verified", reason: "Documents checked" },
      });
    }),
  );
  await screeningIdle();
  for (const [n, customer] of customers.entries()) {
    assert.equal(answers[n].status, 400, await answers[n].clone().text());
    const body = await answers[n].json();
    assert.deepEqual(
      body.errors.map((error: { param: string; code: string }) => `${error.param}/${error.code}`),
      ["status/screening_open"],
    );
    assert.equal((await matchesOf(customer.id, "open")).length, 1);
    assert.equal((await db().customer.findUniqueOrThrow({ where: { id: customer.id } })).kycStatus, "pending_review");
  }
});

test("concurrent decisions on one match: one wins, the others are 409 and change nothing", async () => {
  await listedPerson("test-sanctions", ["pep"], "Dmitri", "Halvorsen");
  const customer = await submittedCustomer("Dmitri", "Halvorsen");
  const match = await openMatch(customer.id);
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, n) =>
      decide(n % 2 ? admin : compliance, match.id, {
        decision: n % 2 ? "true_match" : "false_positive",
        reason: `Decision ${n}`,
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  assert.deepEqual(statuses, [200, 409, 409, 409, 409, 409]);
  const conflict = await answers.find((answer) => answer.status === 409)?.json();
  assert.deepEqual(
    conflict.errors.map((error: { param: string; code: string }) => `${error.param}/${error.code}`),
    ["decision/already_decided"],
  );
  const decided = await db().screeningMatch.findUniqueOrThrow({ where: { id: match.id } });
  assert.notEqual(decided.status, "open");
  const entries = await db().auditLog.findMany({
    where: { resource: "screening_matches", resourceId: String(match.id) },
  });
  assert.equal(entries.length, 1);
  // A true PEP match goes to the KYC history once; a false positive writes none.
  const history = await db().kycDecision.count({ where: { customerId: customer.id } });
  assert.equal(history, decided.status === "true_match" ? 1 : 0);
});

test("a false positive stays decided until the customer's identity or the entry changes", async () => {
  const externalId = await listedPerson("test-pep", ["pep"], "Elena", "Morozova");
  const customer = await submittedCustomer("Elena", "Morozova");
  const match = await openMatch(customer.id);
  const decided = await decide(compliance, match.id, {
    decision: "false_positive",
    reason: "Different person: born in Leeds",
  });
  assert.equal(decided.status, 200);
  const shown = await decided.json();
  assert.equal(shown.status, "false_positive");
  assert.equal(shown.reason, "Different person: born in Leeds");
  assert.equal(shown.decided_by, compliance.staff.name);
  // Sealed on the row, as in the audit entry: never the words themselves.
  const stored = await db().screeningMatch.findUniqueOrThrow({ where: { id: match.id } });
  assert.ok(!JSON.stringify(stored.reason).includes("Leeds"));

  // Screened again as she is (a change that is not her identity, then a new list version with the entry unchanged): nothing new.
  assert.equal((await changeProfile(customer.token, { address_line1: "2 High Street" })).status, 200);
  await db().customer.update({ where: { id: customer.id }, data: { screeningDueAt: new Date() } });
  await importListVersion("test-pep", [
    {
      externalId,
      name: "Elena Morozova",
      birthDates: ["1970"],
      nationalities: ["RU"],
      topics: ["pep"],
      programs: ["Member of parliament"],
    },
  ]);
  await screeningIdle();
  assert.equal((await matchesOf(customer.id)).length, 1);

  // Her identity changes (the birth date, within the listed year: a date years apart would lower the score
  // below the threshold, docs/compliance.md): raised again.
  assert.equal((await changeProfile(customer.token, { date_of_birth: "1970-03-04" })).status, 200);
  const reopened = await openMatch(customer.id);
  assert.notEqual(reopened.id, match.id);
  assert.equal(
    (await decide(compliance, reopened.id, { decision: "false_positive", reason: "Still not her" })).status,
    200,
  );

  // The entry changes (a new alias): raised again.
  await importListVersion("test-pep", [
    {
      externalId,
      name: "Elena Morozova",
      aliases: ["Jelena Morozova"],
      birthDates: ["1970"],
      nationalities: ["RU"],
      topics: ["pep"],
    },
  ]);
  const again = await openMatch(customer.id);
  assert.ok(again.id > reopened.id);
  assert.equal((await matchesOf(customer.id)).length, 3);
});

test("a true sanctions match sets the flag, blocks the account as a block does, and tells the customer nothing of why", async () => {
  await listedPerson("test-sanctions", ["sanction"], "Fyodor", "Lindqvist");
  const customer = await submittedCustomer("Fyodor", "Lindqvist");
  const match = await openMatch(customer.id);
  const decided = await decide(admin, match.id, {
    decision: "true_match",
    reason: "Same passport number as the designation",
  });
  assert.equal(decided.status, 200);

  const after = await db().customer.findUniqueOrThrow({ where: { id: customer.id } });
  assert.equal(after.sanctionsHit, true);
  assert.ok(after.blockedAt);
  const [history] = await db().kycDecision.findMany({ where: { customerId: customer.id } });
  assert.equal(history.sanctionsHit, true);
  assert.equal(history.reason, "Same passport number as the designation");
  // Sessions end, logins are refused.
  const me = await app.request("/client/v1/me", { headers: bearer(customer.token) });
  assert.equal(me.status, 401);
  const refused = await login(app, customer.email, customer.password);
  assert.equal(refused.status, 403);
  // The block is in the audit log as one, beside the decision.
  assert.equal(
    await db().auditLog.count({ where: { action: "block", resource: "customers", resourceId: String(customer.id) } }),
    1,
  );

  await nothingOfScreeningReaches(customer);
});

test("a true PEP match sets pep and the risk rating high, without a block", async () => {
  await listedPerson("test-pep", ["pep"], "Greta", "Vasquez");
  const customer = await submittedCustomer("Greta", "Vasquez");
  const match = await openMatch(customer.id);
  assert.equal(
    (await decide(compliance, match.id, { decision: "true_match", reason: "Sits in parliament" })).status,
    200,
  );
  const after = await db().customer.findUniqueOrThrow({ where: { id: customer.id } });
  assert.equal(after.pep, true);
  assert.equal(after.riskRating, "high");
  assert.equal(after.sanctionsHit, false);
  assert.equal(after.blockedAt, null);
  assert.equal((await app.request("/client/v1/me", { headers: bearer(customer.token) })).status, 200);
  await nothingOfScreeningReaches(customer);
});

/** The customer's export, their e-mails and the webhooks about them hold no word of screening. */
async function nothingOfScreeningReaches(customer: { id: number; email: string; token: string; password: string }) {
  const words = /screen|sanction|\bpep\b/i;
  const row = await db().customer.findUniqueOrThrow({ where: { id: customer.id } });
  const texts: string[] = [];
  // The export, as the customer gets it (a blocked customer cannot log in: compliance's copy is the same document).
  const exported = row.blockedAt
    ? await admin.request(`/api/admin/customers/${customer.id}/export`, {
        method: "POST",
        json: { reason: "Subject access request" },
      })
    : await app.request("/client/v1/me/export", { headers: bearer(customer.token) });
  assert.equal(exported.status, 200);
  texts.push(await exported.text());
  for (const email of await db().emailOutbox.findMany({ where: { toAddress: customer.email } })) {
    texts.push(email.subject ?? "", sentText(email) ?? "");
  }
  // What the app's backend received about them, once every delivery about them has gone out.
  await until(
    () => db().webhookDelivery.count({ where: { status: "pending" } }),
    (pending) => pending === 0,
    WAIT,
  );
  const about = receiver.received("/hooks").filter(({ body }) => body.includes(`"customer_id":${customer.id}`));
  assert.ok(about.some(({ body }) => body.includes("customer.kyc_status_changed")));
  if (row.blockedAt) assert.ok(about.some(({ body }) => body.includes("customer.blocked")));
  texts.push(...about.map(({ body }) => body));
  assert.ok(texts.length > 2);
  for (const text of texts) assert.doesNotMatch(text, words);
}

test("a list's new version re-screens every customer who submitted, with its progress in the API and /metrics", async () => {
  const customer = await submittedCustomer("Hanna", "Oyelaran");
  await screeningIdle();
  assert.equal((await matchesOf(customer.id)).length, 0);
  await listedPerson("test-later", ["sanction"], "Hanna", "Oyelaran");
  const match = await openMatch(customer.id);
  assert.equal(match.listVersion, 1);
  await screeningIdle();
  const runs = await (await compliance.request("/api/admin/screening/runs")).json();
  const latest = runs[0];
  assert.equal(latest.status, "finished");
  assert.equal(latest.list_versions["test-later"], 1);
  assert.equal(latest.screened, latest.total);
  assert.ok(latest.total >= 1);
  const metrics = await (
    await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  assert.match(metrics, /^screening_run_running 0$/m);
  assert.match(metrics, new RegExp(`^screening_run_customers_screened ${latest.screened}$`, "m"));
  assert.match(metrics, /^screening_matches_open [1-9]\d*$/m);
});

test("a re-screen left by a process that died is taken up where it stopped once its lease lapses", async () => {
  await screeningIdle();
  const before = await submittedCustomer("Ivo", "Petrakis");
  const after = await submittedCustomer("Jonas", "Petrakis");
  await screeningIdle();
  // Both become listed without the running server seeing a new version: the run below stands for it.
  const lists = await db().screeningList.findMany({ where: { version: { gt: 0 } }, orderBy: { name: "asc" } });
  const list = lists[0];
  const version = list.version;
  for (const [n, name] of ["Ivo Petrakis", "Jonas Petrakis"].entries()) {
    await db().screeningEntry.create({
      data: {
        listId: list.id,
        externalId: `petrakis-${n}`,
        name,
        topics: ["sanction"],
        contentHash: `petrakis-${n}`,
        version,
      },
    });
  }
  const latest = await db().screeningRun.findFirstOrThrow({ orderBy: { id: "desc" } });
  // A run for a version the server has not seen, stopped after `before`, its lease held by a dead process.
  const versionsKey = lists.map((l) => `${l.name}=${l.id === list.id ? version + 1 : l.version}`).join(",");
  await db().$transaction([
    db().screeningList.update({ where: { id: list.id }, data: { version: version + 1 } }),
    db().screeningRun.create({
      data: {
        versionsKey,
        listVersions: {},
        total: 2,
        cursor: before.id,
        screened: 1,
        leasedBy: "dead-host:1:00000000",
        leasedUntil: new Date(Date.now() + 3_000),
      },
    }),
  ]);
  assert.ok(latest.versionsKey !== versionsKey);
  const run = await until(
    () => db().screeningRun.findUniqueOrThrow({ where: { versionsKey } }),
    (r) => r.status === "finished",
    WAIT,
  );
  assert.notEqual(run.leasedBy, "dead-host:1:00000000");
  assert.ok(run.screened > 1);
  // Taken up after its cursor: `after` is screened, `before` (done by the dead process, as far as the run knows) is not.
  assert.equal((await matchesOf(after.id, "open")).length, 1);
  assert.equal((await matchesOf(before.id)).length, 0);
});

test("hostile decisions and filters are clear 400s and 404s, never a 500, and change nothing", async () => {
  await listedPerson("test-sanctions", ["sanction"], "Kasimir", "Odegaard");
  const customer = await submittedCustomer("Kasimir", "Odegaard");
  const match = await openMatch(customer.id);
  const bad: unknown[] = [
    {},
    { decision: "true_match" },
    { decision: "true_match", reason: "" },
    { decision: "true_match", reason: "   " },
    { decision: "true_match", reason: "x".repeat(1001) },
    { decision: "true_match", reason: "bad\u0000nul" },
    { decision: "true_match", reason: "bell\u0007" },
    { decision: "true_match", reason: "lone \ud800 surrogate" },
    { decision: "TRUE_MATCH", reason: "ok" },
    { decision: "open", reason: "ok" },
    { decision: ["true_match"], reason: "ok" },
    { decision: "true_match", reason: 42 },
    { decision: "x".repeat(10_000), reason: "ok" },
    [],
    "true_match",
  ];
  for (const json of bad) {
    const answer = await decide(compliance, match.id, json);
    assert.equal(answer.status, 400, `${JSON.stringify(json).slice(0, 80)} → ${answer.status}`);
  }
  const notJson = await compliance.request(`/api/admin/screening/matches/${match.id}`, { method: "POST", body: "{" });
  assert.equal(notJson.status, 400);
  for (const id of ["abc", "0", "-1", "1.5", "99999999999", "2147483647"]) {
    assert.equal((await compliance.request(`/api/admin/screening/matches/${id}`)).status, 404, id);
    assert.equal((await decide(compliance, id, { decision: "false_positive", reason: "ok" })).status, 404, id);
  }
  for (const filter of [
    { status: "closed" },
    { status: ["open"] },
    { topic: "terrorism" },
    { customer_id: "abc" },
    { customer_id: -1 },
    { list: "x".repeat(65) },
    { list: 5 },
    { list: "a\u0001b" },
  ]) {
    const answer = await compliance.request(
      `/api/admin/screening/matches?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    assert.equal(answer.status, 400, JSON.stringify(filter));
  }
  assert.equal((await compliance.request('/api/admin/screening/matches?sort=["reason","ASC"]')).status, 400);
  assert.equal((await db().screeningMatch.findUniqueOrThrow({ where: { id: match.id } })).status, "open");
  // A reason at the limit, with a newline, is taken.
  const taken = await decide(compliance, match.id, { decision: "false_positive", reason: `${"x".repeat(999)}\n` });
  assert.equal(taken.status, 200, await taken.clone().text());
});
