/**
 * The back office's KYC review (issue 25), over HTTP: KYC decisions and risk ratings by compliance
 * and admins (operations refused), their reasons, the audit entry, account event and e-mail each
 * writes, the review's fields in the customer record, list filters and CSV export, the dashboard's
 * count, and decisions racing each other and a profile change. The profile is written straight to
 * the database here: the public profile API is another change's.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Prisma } from "@/lib/generated/prisma/client";
import { lockCustomer } from "@/lib/domain/customer-accounts/lock-customer";
import { parseCsv } from "@/lib/platform/csv";
import { db, startTestAppWithResend } from "./support/app";
import { staffSession } from "./support/staff";
import { registeredCustomer } from "./support/accounts";
import { openPersonalValues } from "@/lib/domain/audit/open-personal-values";

const { app, resend } = await startTestAppWithResend();
const admin = await staffSession(app, "admin");
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");
const { tradingName } = await db().settings.findFirstOrThrow();

type Session = typeof admin;

const COMPLETE_PROFILE = {
  givenNames: "Ana Maria",
  familyName: "Silva",
  dateOfBirth: new Date("1990-04-01T00:00:00Z"),
  phone: "+447700900123",
  addressLine1: "1 High Street",
  addressCity: "London",
  addressPostcode: "SW1A 1AA",
  addressCountry: "GB",
  countryOfResidence: "GB",
  nationality: "PT",
} satisfies Prisma.CustomerUpdateInput;

/** A registered customer whose profile (complete unless told otherwise) awaits review. */
async function customerWithProfile(profile: Prisma.CustomerUpdateInput = {}) {
  const { email } = await registeredCustomer(app);
  const { id } = await db().customer.update({
    where: { email },
    data: { ...COMPLETE_PROFILE, profileUpdatedAt: new Date(), kycStatus: "pending_review", ...profile },
  });
  return { id, email };
}

function decide(session: Session, id: number | string, json: unknown) {
  return session.request(`/api/admin/customers/${id}/kyc`, { method: "POST", json });
}

function rate(session: Session, id: number | string, json: unknown) {
  return session.request(`/api/admin/customers/${id}/risk`, { method: "POST", json });
}

const RISK = { risk_rating: "high", pep: true, sanctions_hit: false, reason: "Minister's spouse" };

/** The review's audit entries about customer `id`, their reasons opened as staff read them. */
const reviewEntries = async (id: number) =>
  openPersonalValues(
    await db().auditLog.findMany({
      where: { resource: "customers", resourceId: String(id), action: { in: ["kyc_decision", "risk_decision"] } },
      orderBy: { id: "asc" },
    }),
  );

async function errorsOf(response: Response): Promise<string[]> {
  assert.equal(response.status, 400);
  const body = await response.json();
  assert.equal(body.type, "invalid_request_error");
  return body.errors.map((error: { param: string; code: string }) => `${error.param}/${error.code}`);
}

async function nothingWritten(id: number) {
  assert.equal(await db().kycDecision.count({ where: { customerId: id } }), 0);
  assert.deepEqual(await reviewEntries(id), []);
  const customer = await db().customer.findUniqueOrThrow({ where: { id } });
  assert.equal(customer.kycStatus, "pending_review");
  assert.equal(customer.riskRating, null);
}

test("operations may not decide; compliance and admin may, and each answers the customer record", async () => {
  const { id } = await customerWithProfile();
  for (const refused of [
    await decide(operations, id, { status: "verified", reason: "ok" }),
    await rate(operations, id, RISK),
  ]) {
    assert.equal(refused.status, 403);
    assert.deepEqual(await refused.json(), {
      code: 403,
      type: "permission_error",
      message: "You do not have permission to do this",
    });
  }
  await nothingWritten(id);

  const verified = await decide(compliance, id, { status: "verified", reason: "Passport and utility bill checked" });
  assert.equal(verified.status, 200);
  const record = await verified.json();
  assert.equal(record.kyc_status, "verified");
  assert.equal(record.kyc_decisions[0].staff_name, compliance.staff.name);
  assert.equal(record.kyc_decisions[0].reason, "Passport and utility bill checked");

  const rated = await rate(admin, id, RISK);
  assert.equal(rated.status, 200);
  const after = await rated.json();
  assert.deepEqual(
    [after.risk_rating, after.pep, after.sanctions_hit, after.kyc_status],
    ["high", true, false, "verified"],
  );
  assert.deepEqual(
    after.kyc_decisions.map((decision: { kind: string; staff_id: number }) => [decision.kind, decision.staff_id]),
    [
      ["risk", admin.staff.id],
      ["status", compliance.staff.id],
    ],
  );

  assert.equal((await decide(admin, 999_999_999, { status: "verified", reason: "x" })).status, 404);
  assert.equal((await rate(admin, "nope", RISK)).status, 404);
});

test("a reason is required, bounded and free of control characters; nothing is written without one", async () => {
  const { id } = await customerWithProfile();
  const cases: [unknown, string][] = [
    [undefined, "reason/required"],
    ["", "reason/required"],
    ["   ", "reason/required"],
    ["x".repeat(1001), "reason/too_long"],
    ["bad\u0000reason", "reason/invalid_characters"],
    ["bell\u0007", "reason/invalid_characters"],
    ["escape\u001b[31m", "reason/invalid_characters"],
    [42, "reason/invalid"],
  ];
  for (const [reason, expected] of cases) {
    assert.deepEqual(await errorsOf(await decide(compliance, id, { status: "rejected", reason })), [expected]);
    assert.deepEqual(await errorsOf(await rate(compliance, id, { ...RISK, reason })), [expected], String(reason));
  }
  await nothingWritten(id);
  // A reason of the longest length is kept whole.
  assert.equal((await decide(compliance, id, { status: "rejected", reason: "y".repeat(1000) })).status, 200);
  assert.equal((await db().kycDecision.findFirstOrThrow({ where: { customerId: id } })).reason.length, 1000);
});

test("a status or a risk outside its values is a 400 naming the field", async () => {
  const { id } = await customerWithProfile();
  for (const [json, expected] of [
    [{ reason: "r" }, ["status/required"]],
    [{ status: "", reason: "r" }, ["status/required"]],
    [{ status: "approved", reason: "r" }, ["status/invalid"]],
    [{ status: "not_submitted", reason: "r" }, ["status/invalid"]],
    [{ status: "VERIFIED", reason: "r" }, ["status/invalid"]],
    [{ status: ["verified"], reason: "r" }, ["status/invalid"]],
  ] as const) {
    assert.deepEqual(await errorsOf(await decide(admin, id, json)), expected, JSON.stringify(json));
  }
  for (const [json, expected] of [
    [{ ...RISK, risk_rating: "extreme" }, ["risk_rating/invalid"]],
    [{ ...RISK, risk_rating: "" }, ["risk_rating/required"]],
    [{ ...RISK, risk_rating: undefined }, ["risk_rating/required"]],
    [{ ...RISK, pep: "maybe" }, ["pep/invalid"]],
    [{ ...RISK, pep: undefined, sanctions_hit: undefined }, ["pep/required", "sanctions_hit/required"]],
    [{ ...RISK, sanctions_hit: 1 }, ["sanctions_hit/invalid"]],
  ] as const) {
    assert.deepEqual(await errorsOf(await rate(admin, id, json)), expected, JSON.stringify(json));
  }
  const notJson = await compliance.request(`/api/admin/customers/${id}/kyc`, { method: "POST", body: "{" });
  assert.equal(notJson.status, 400);
  await nothingWritten(id);
});

test("verifying an incomplete profile is a 400 naming what it lacks; the optional fields may be missing", async () => {
  const { id } = await customerWithProfile({ familyName: null, nationality: null });
  const refused = await decide(compliance, id, { status: "verified", reason: "Looks fine" });
  assert.equal(refused.status, 400);
  const { errors } = await refused.json();
  assert.deepEqual(
    errors.map((error: { param: string; code: string }) => `${error.param}/${error.code}`),
    ["status/profile_incomplete"],
  );
  assert.match(errors[0].message, /family_name, nationality/);
  await nothingWritten(id);
  // Rejecting it, or sending it back to review, needs no complete profile.
  assert.equal((await decide(compliance, id, { status: "rejected", reason: "No name given" })).status, 200);

  const { id: complete } = await customerWithProfile({ addressLine2: null, addressRegion: null });
  assert.equal((await decide(compliance, complete, { status: "verified", reason: "All there" })).status, 200);
  const again = await decide(compliance, complete, { status: "verified", reason: "Twice" });
  assert.equal(again.status, 400, "a status the profile already has");
  assert.match((await again.json()).message, /already verified/);
});

test("a decision writes its audit entry (before and after), its account event and the customer's e-mail in their language", async () => {
  const { id, email } = await customerWithProfile({ locale: "fr_FR" });
  assert.equal((await decide(compliance, id, { status: "verified", reason: "  Documents match  " })).status, 200);

  const [entry] = await reviewEntries(id);
  assert.equal(entry.action, "kyc_decision");
  assert.equal(entry.staffId, compliance.staff.id);
  assert.deepEqual(entry.before, { kyc_status: "pending_review" });
  const after = entry.after as { kyc_status: string; reason: string; profile_updated_at: string };
  assert.equal(after.kyc_status, "verified");
  assert.equal(after.reason, "Documents match");
  // Which profile, by the time of its last change; never its values (docs/security.md, the hash chain).
  const { profileUpdatedAt } = await db().customer.findUniqueOrThrow({ where: { id } });
  assert.equal(after.profile_updated_at, profileUpdatedAt?.toISOString());
  assert.ok(!JSON.stringify(entry).includes("Silva") && !JSON.stringify(entry).includes("1990-04-01"));

  const [event] = await db().customerEvent.findMany({ where: { customerId: id }, orderBy: { id: "desc" }, take: 1 });
  assert.deepEqual([event.type, event.outcome, event.email], ["kyc_status_changed", "success", email]);

  const subject = `Votre profil ${tradingName} est vérifié`;
  const mail = await resend.waitForDelivery(
    (delivery) => delivery.body.to === email && delivery.body.subject === subject,
  );
  assert.match(mail.body.text ?? "", /Vous n'avez rien d'autre à faire/);

  // A risk rating: its own entry and event, no e-mail.
  assert.equal(
    (await rate(admin, id, { ...RISK, risk_rating: "medium", pep: "true", sanctions_hit: "false" })).status,
    200,
  );
  const [, risk] = await reviewEntries(id);
  assert.equal(risk.action, "risk_decision");
  assert.deepEqual(risk.before, { risk_rating: null, pep: false, sanctions_hit: false });
  assert.deepEqual(risk.after, { risk_rating: "medium", pep: true, sanctions_hit: false, reason: RISK.reason });
  const types = await db().customerEvent.findMany({ where: { customerId: id }, orderBy: { id: "asc" } });
  assert.deepEqual(
    types.map((row) => row.type).filter((type) => type !== "register"),
    ["kyc_status_changed", "risk_rating_changed"],
  );
  assert.equal(
    await db().emailOutbox.count({ where: { toAddress: email } }),
    2,
    "the verification e-mail and the verified notice",
  );
});

test("a rejection e-mail, in German, never carries the reason; going back to review sends nothing", async () => {
  const reason = "Internal note: address on the watch list 7Q2X";
  const { id, email } = await customerWithProfile({ locale: "de_DE" });
  assert.equal((await decide(admin, id, { status: "rejected", reason })).status, 200);
  const subject = `Wir konnten Ihr Profil bei ${tradingName} nicht bestätigen`;
  const mail = await resend.waitForDelivery(
    (delivery) => delivery.body.to === email && delivery.body.subject === subject,
  );
  for (const body of [mail.body.html ?? "", mail.body.text ?? ""]) {
    assert.ok(!body.includes("7Q2X") && !body.includes("watch list"), "no reason in the e-mail");
  }
  const queued = await db().emailOutbox.findFirstOrThrow({ where: { toAddress: email, template: "kyc_rejected" } });
  assert.ok(!JSON.stringify(queued).includes("7Q2X"));

  assert.equal((await decide(admin, id, { status: "pending_review", reason: "New documents arrived" })).status, 200);
  assert.equal(
    await db().emailOutbox.count({ where: { toAddress: email, template: { in: ["kyc_verified", "kyc_rejected"] } } }),
    1,
  );
});

test("a closed account takes no decision", async () => {
  const { id } = await customerWithProfile({ closedAt: new Date() });
  assert.equal((await decide(admin, id, { status: "rejected", reason: "r" })).status, 400);
  assert.equal((await rate(admin, id, RISK)).status, 400);
  assert.equal(await db().kycDecision.count({ where: { customerId: id } }), 0);
});

test("the customer record shows the profile, the review and the profile's changes with their values", async () => {
  const { id } = await customerWithProfile({ addressLine2: "Flat 2" });
  await db().customerProfileChange.create({
    data: { customerId: id, before: { family_name: "Santos" }, after: { family_name: "Silva" }, kycReset: true },
  });
  const response = await compliance.request(`/api/admin/customers/${id}`);
  assert.equal(response.status, 200);
  const record = await response.json();
  assert.deepEqual(
    {
      given_names: record.given_names,
      family_name: record.family_name,
      date_of_birth: record.date_of_birth,
      phone: record.phone,
      address_line1: record.address_line1,
      address_line2: record.address_line2,
      address_city: record.address_city,
      address_region: record.address_region,
      address_postcode: record.address_postcode,
      address_country: record.address_country,
      country_of_residence: record.country_of_residence,
      nationality: record.nationality,
      kyc_status: record.kyc_status,
      risk_rating: record.risk_rating,
      pep: record.pep,
      sanctions_hit: record.sanctions_hit,
    },
    {
      given_names: "Ana Maria",
      family_name: "Silva",
      date_of_birth: "1990-04-01",
      phone: "+447700900123",
      address_line1: "1 High Street",
      address_line2: "Flat 2",
      address_city: "London",
      address_region: null,
      address_postcode: "SW1A 1AA",
      address_country: "GB",
      country_of_residence: "GB",
      nationality: "PT",
      kyc_status: "pending_review",
      risk_rating: null,
      pep: false,
      sanctions_hit: false,
    },
  );
  assert.deepEqual(
    record.profile_changes.map((change: Record<string, unknown>) => [change.before, change.after, change.kyc_reset]),
    [[{ family_name: "Santos" }, { family_name: "Silva" }, true]],
  );
});

const list = async (session: Session, filter: Record<string, unknown>) =>
  session.request(`/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify(filter), range: "[0,999]" })}`);

test("the list filters by kyc_status, risk_rating, pep, sanctions_hit and country_of_residence; a malformed value is a 400", async () => {
  const flagged = await customerWithProfile({
    kycStatus: "rejected",
    riskRating: "high",
    pep: true,
    sanctionsHit: true,
    countryOfResidence: "MT",
  });
  const plain = await customerWithProfile({ countryOfResidence: "FR", riskRating: "low" });
  const idsFor = async (filter: Record<string, unknown>) => {
    const response = await list(compliance, filter);
    assert.equal(response.status, 200, JSON.stringify(filter));
    return ((await response.json()) as { id: number }[]).map((row) => row.id);
  };
  for (const filter of [
    { kyc_status: "rejected" },
    { risk_rating: "high" },
    { pep: true },
    { sanctions_hit: "true" },
    { country_of_residence: "mt" },
    { kyc_status: "rejected", risk_rating: "high", pep: "true", sanctions_hit: true, country_of_residence: "MT" },
  ]) {
    const ids = await idsFor(filter);
    assert.ok(ids.includes(flagged.id) && !ids.includes(plain.id), JSON.stringify(filter));
  }
  for (const filter of [
    { kyc_status: "pending_review" },
    { risk_rating: "low" },
    { pep: false },
    { country_of_residence: "FR" },
  ]) {
    const ids = await idsFor(filter);
    assert.ok(ids.includes(plain.id) && !ids.includes(flagged.id), JSON.stringify(filter));
  }
  const rows = (await (await list(compliance, { kyc_status: "pending_review" })).json()) as { kyc_status: string }[];
  assert.ok(rows.length > 0 && rows.every((row) => row.kyc_status === "pending_review"));

  for (const filter of [
    { kyc_status: "nonsense" },
    { kyc_status: ["verified"] },
    { kyc_status: 1 },
    { risk_rating: "HIGH" },
    { pep: "maybe" },
    { sanctions_hit: 0 },
    { country_of_residence: "GBR" },
    { country_of_residence: "1A" },
    { country_of_residence: "G\u0000" },
    { country_of_residence: "x".repeat(10_000) },
  ]) {
    const response = await list(compliance, filter);
    assert.equal(response.status, 400, JSON.stringify(filter));
    const body = await response.json();
    assert.equal(body.type, "invalid_request_error");
    assert.match(body.message, new RegExp(Object.keys(filter)[0]));
  }
  const sorted = await compliance.request(
    `/api/admin/customers?${new URLSearchParams({ sort: '["kyc_status","ASC"]' })}`,
  );
  assert.equal(sorted.status, 200);
});

test("the CSV export carries the profile and review columns, formula-safe", async () => {
  const { id } = await customerWithProfile({
    familyName: '=HYPERLINK("http://evil.example")',
    addressLine1: "@SUM(1+1)",
    addressCity: "-2+3",
    kycStatus: "rejected",
    riskRating: "medium",
    sanctionsHit: true,
  });
  const response = await compliance.request(
    `/api/admin/customers/export?${new URLSearchParams({ filter: JSON.stringify({ id }) })}`,
  );
  assert.equal(response.status, 200);
  const [header, row] = parseCsv(await response.text()).map((line) => line.fields);
  for (const column of [
    "given_names",
    "family_name",
    "date_of_birth",
    "phone",
    "address_line1",
    "address_line2",
    "address_city",
    "address_region",
    "address_postcode",
    "address_country",
    "country_of_residence",
    "nationality",
    "kyc_status",
    "risk_rating",
    "pep",
    "sanctions_hit",
  ]) {
    assert.ok(header.includes(column), column);
  }
  const cell = (column: string) => row[header.indexOf(column)];
  assert.equal(cell("family_name"), '\'=HYPERLINK("http://evil.example")');
  assert.equal(cell("address_line1"), "'@SUM(1+1)");
  assert.equal(cell("address_city"), "'-2+3");
  assert.equal(cell("phone"), "'+447700900123");
  assert.equal(cell("date_of_birth"), "1990-04-01");
  assert.deepEqual(
    [cell("kyc_status"), cell("risk_rating"), cell("pep"), cell("sanctions_hit"), cell("address_line2")],
    ["rejected", "medium", "false", "true", ""],
  );
  const malformed = await compliance.request(
    `/api/admin/customers/export?${new URLSearchParams({ filter: JSON.stringify({ kyc_status: "maybe" }) })}`,
  );
  assert.equal(malformed.status, 400);
});

test("the dashboard counts the profiles awaiting review for compliance and admin, not for operations", async () => {
  const figures = async (session: Session) => (await session.request("/api/admin/dashboard")).json();
  const expected = await db().customer.count({ where: { kycStatus: "pending_review" } });
  assert.equal((await figures(compliance)).profiles_awaiting_review, expected);
  assert.equal((await figures(admin)).profiles_awaiting_review, expected);
  assert.equal((await figures(operations)).profiles_awaiting_review, undefined);
  await customerWithProfile();
  assert.equal((await figures(compliance)).profiles_awaiting_review, expected + 1);
});

test("two decisions at once take turns: both recorded, each audit entry's before is the other's after", async () => {
  for (let round = 0; round < 5; round += 1) {
    const { id } = await customerWithProfile();
    const answers = await Promise.all([
      decide(compliance, id, { status: "verified", reason: "first reviewer" }),
      decide(admin, id, { status: "rejected", reason: "second reviewer" }),
      rate(compliance, id, { ...RISK, risk_rating: "low" }),
      rate(admin, id, RISK),
    ]);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200, 200],
    );
    assert.equal(await db().kycDecision.count({ where: { customerId: id } }), 4);
    const entries = await reviewEntries(id);
    const statuses = entries.filter((entry) => entry.action === "kyc_decision");
    const ratings = entries.filter((entry) => entry.action === "risk_decision");
    assert.equal(statuses.length, 2);
    assert.deepEqual(statuses[0].before, { kyc_status: "pending_review" });
    assert.deepEqual(statuses[1].before, { kyc_status: (statuses[0].after as { kyc_status: string }).kyc_status });
    const { reason: _first, ...firstRating } = ratings[0].after as Record<string, unknown>;
    assert.deepEqual(ratings[1].before, firstRating);
    const customer = await db().customer.findUniqueOrThrow({ where: { id } });
    assert.equal(customer.kycStatus, (statuses[1].after as { kyc_status: string }).kyc_status);
    assert.equal(customer.riskRating, (ratings[1].after as { risk_rating: string }).risk_rating);
  }
});

/**
 * A profile change as the public API makes one: under the customer's row lock, a new family name,
 * and a verified profile back to review, with the change recorded.
 */
async function changeFamilyName(id: number, familyName: string) {
  await db().$transaction(async (tx) => {
    await lockCustomer(tx, id);
    const customer = await tx.customer.findUniqueOrThrow({ where: { id } });
    const reset = customer.kycStatus === "verified";
    await tx.customer.update({
      where: { id },
      data: { familyName, profileUpdatedAt: new Date(), ...(reset && { kycStatus: "pending_review" }) },
    });
    await tx.customerProfileChange.create({
      data: {
        customerId: id,
        before: { family_name: customer.familyName },
        after: { family_name: familyName },
        kycReset: reset,
      },
    });
  });
}

test("a verification racing a profile change: either the change reopens the review, or the verification saw it", async () => {
  for (let round = 0; round < 8; round += 1) {
    const { id } = await customerWithProfile();
    const [verified] = await Promise.all([
      decide(compliance, id, { status: "verified", reason: `round ${round}` }),
      changeFamilyName(id, `Changed ${round}`),
    ]);
    assert.equal(verified.status, 200);
    const customer = await db().customer.findUniqueOrThrow({ where: { id } });
    const change = await db().customerProfileChange.findFirstOrThrow({ where: { customerId: id } });
    const [entry] = await reviewEntries(id);
    // The profile a decision was taken on, by the time of its last change (the entry holds no values).
    const decidedOn = (entry.after as { profile_updated_at: string }).profile_updated_at;
    if (customer.kycStatus === "verified") {
      assert.equal(change.kycReset, false, "the change came first");
      assert.equal(decidedOn, customer.profileUpdatedAt?.toISOString(), "and the verification saw the changed profile");
    } else {
      assert.equal(customer.kycStatus, "pending_review");
      assert.equal(change.kycReset, true, "the verification came first, and the change reopened the review");
      assert.ok(new Date(decidedOn) < customer.profileUpdatedAt!, "it was taken on the profile before the change");
    }
  }
});
