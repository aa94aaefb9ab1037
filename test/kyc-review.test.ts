/**
 * The back office's KYC review (issue 25), over HTTP: KYC decisions and risk ratings by compliance
 * and admins (operations refused), their reasons, the audit entry, account event and e-mail each
 * writes, the review's fields in the customer record, list filters and CSV export, the dashboard's
 * count, and decisions racing each other and a profile change. A decision carries the view it was
 * taken on (`profile_updated_at`, `review_version`): a profile or review changed since is a 409.
 * The profile is mostly written straight to the database here; the attack on a decision goes
 * through the public profile API.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Prisma } from "@/lib/generated/prisma/client";
import { lockCustomer } from "@/lib/domain/customer-accounts/lock-customer";
import { parseCsv } from "@/lib/platform/csv";
import { db, startTestAppWithResend } from "./support/app";
import { reviewView, staffSession } from "./support/staff";
import { bearer, DEVICE, registeredCustomer } from "./support/accounts";
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

type View = Awaited<ReturnType<typeof reviewView>>;
const viewOf = (session: Session, id: number) => reviewView(session.request, id);
/** A well-formed view, for a customer there is not. */
const NO_VIEW: View = { profile_updated_at: null, review_version: 0 };

/** A KYC decision on `view` (by default the page as it is now); `json`'s fields win over the view's. */
async function decide(session: Session, id: number, json: object, view?: View) {
  const body = { ...(view ?? (await viewOf(session, id))), ...json };
  return session.request(`/api/admin/customers/${id}/kyc`, { method: "POST", json: body });
}

/** A risk rating on `view` (by default the page as it is now); `json`'s fields win over the view's. */
async function rate(session: Session, id: number | string, json: object, view?: View) {
  const body = { ...(view ?? (await viewOf(session, Number(id)))), ...json };
  return session.request(`/api/admin/customers/${id}/risk`, { method: "POST", json: body });
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
  // Operations cannot read the customer: the view is compliance's.
  const view = await viewOf(compliance, id);
  for (const refused of [
    await decide(operations, id, { status: "verified", reason: "ok" }, view),
    await rate(operations, id, RISK, view),
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

  assert.equal((await decide(admin, 999_999_999, { status: "verified", reason: "x" }, NO_VIEW)).status, 404);
  assert.equal((await rate(admin, "nope", RISK, NO_VIEW)).status, 404);
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
  const response = await compliance.request("/api/admin/customers/export", {
    method: "POST",
    json: { filter: { id } },
  });
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
  const malformed = await compliance.request("/api/admin/customers/export", {
    method: "POST",
    json: { filter: { kyc_status: "maybe" } },
  });
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

test("two decisions at once on one view: one is recorded, the other is 409 profile/changed", async () => {
  type Decision = (id: number, view: View) => Promise<Response>;
  const verify: Decision = (id, view) => decide(compliance, id, { status: "verified", reason: "first reviewer" }, view);
  const reject: Decision = (id, view) => decide(admin, id, { status: "rejected", reason: "second reviewer" }, view);
  const rateLow: Decision = (id, view) => rate(compliance, id, { ...RISK, risk_rating: "low" }, view);
  const rateHigh: Decision = (id, view) => rate(admin, id, RISK, view);
  // Each kind against each: two status decisions, two ratings, a status decision and a rating.
  for (const [first, second] of [
    [verify, reject],
    [rateLow, rateHigh],
    [verify, rateHigh],
    [reject, rateLow],
  ]) {
    const { id } = await customerWithProfile();
    const view = await viewOf(compliance, id);
    const answers = await Promise.all([first(id, view), second(id, view)]);
    const statuses = answers.map((answer) => answer.status);
    assert.deepEqual([...statuses].sort(), [200, 409], `${statuses}`);
    const body = await answers[statuses.indexOf(409)].json();
    assert.equal(body.type, "invalid_request_error");
    assert.deepEqual(
      body.errors.map((error: { param: string; code: string }) => `${error.param}/${error.code}`),
      ["profile/changed"],
    );
    assert.equal(await db().kycDecision.count({ where: { customerId: id } }), 1);
    assert.equal((await reviewEntries(id)).length, 1);
  }
});

test("a decision on a view older than the last decision or the customer's submit is a 409; on the page as it is now, 200", async () => {
  const { id } = await customerWithProfile();
  const seen = await viewOf(compliance, id);
  assert.equal((await rate(admin, id, RISK, seen)).status, 200);
  const stale = await decide(compliance, id, { status: "rejected", reason: "on the page before the rating" }, seen);
  assert.equal(stale.status, 409);
  assert.equal((await decide(compliance, id, { status: "rejected", reason: "reloaded" })).status, 200);

  // A customer's submit moves the review too: a decision taken before it sees another review.
  const { email, password, token } = await registeredCustomer(app);
  const customer = await db().customer.update({
    where: { email },
    data: { ...COMPLETE_PROFILE, profileUpdatedAt: new Date(), kycStatus: "rejected" },
  });
  const beforeSubmit = await viewOf(compliance, customer.id);
  const submitted = await app.request("/client/v1/me/profile/submit", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(token) },
  });
  assert.equal(submitted.status, 200, password);
  const late = await decide(compliance, customer.id, { status: "rejected", reason: "before the submit" }, beforeSubmit);
  assert.equal(late.status, 409);
  assert.equal((await db().customer.findUniqueOrThrow({ where: { id: customer.id } })).kycStatus, "pending_review");
});

test("the attack: the customer swaps the identity while compliance reads it, and the verification is refused", async () => {
  const { email, token } = await registeredCustomer(app);
  const headers = { ...DEVICE, ...bearer(token) };
  const changeProfile = (json: Record<string, string>) =>
    app.request("/client/v1/me/profile", { method: "POST", headers, json });
  const ada = {
    given_names: "Ada",
    family_name: "Lovelace",
    date_of_birth: "1985-12-10",
    phone: "+44 7911 123456",
    address_line1: "12 St James's Square",
    address_city: "London",
    address_postcode: "SW1Y 4JH",
    address_country: "GB",
    country_of_residence: "GB",
    nationality: "GB",
  };
  assert.equal((await changeProfile(ada)).status, 200);
  assert.equal((await app.request("/client/v1/me/profile/submit", { method: "POST", headers })).status, 200);
  const { id } = await db().customer.findUniqueOrThrow({ where: { email } });

  const shown = await viewOf(compliance, id);
  assert.ok(shown.profile_updated_at);
  const swapped = await changeProfile({ given_names: "Someone", family_name: "Else", nationality: "KP" });
  assert.equal(swapped.status, 200);

  for (const refused of [
    await decide(compliance, id, { status: "verified", reason: "Ada Lovelace's passport checked" }, shown),
    await rate(compliance, id, { ...RISK, risk_rating: "low", pep: false }, shown),
  ]) {
    assert.equal(refused.status, 409);
    const body = await refused.json();
    assert.equal(body.code, 409);
    assert.deepEqual(
      body.errors.map((error: { param: string; code: string }) => `${error.param}/${error.code}`),
      ["profile/changed"],
    );
  }
  const customer = await db().customer.findUniqueOrThrow({ where: { id } });
  assert.deepEqual([customer.kycStatus, customer.riskRating], ["pending_review", null]);
  assert.equal(await db().kycDecision.count({ where: { customerId: id } }), 0);
  assert.deepEqual(await reviewEntries(id), []);
  assert.equal(await db().emailOutbox.count({ where: { toAddress: email, template: "kyc_verified" } }), 0);

  // Reloaded, the reviewer sees who it is now, and decides on that.
  assert.equal(
    (await decide(compliance, id, { status: "rejected", reason: "Identity swapped in review" })).status,
    200,
  );
});

test("profile_updated_at and review_version are required and checked; nothing is written on a bad one", async () => {
  const { id } = await customerWithProfile();
  const view = await viewOf(compliance, id);
  const cases: [Partial<Record<keyof View, unknown>>, string][] = [
    [{ profile_updated_at: undefined }, "profile_updated_at/required"],
    [{ profile_updated_at: "" }, "profile_updated_at/required"],
    [{ profile_updated_at: "yesterday" }, "profile_updated_at/invalid"],
    [{ profile_updated_at: "2026-02-30T10:00:00.000Z" }, "profile_updated_at/invalid"],
    [{ profile_updated_at: "2026-01-01" }, "profile_updated_at/invalid"],
    [{ profile_updated_at: `${view.profile_updated_at}\u0000` }, "profile_updated_at/invalid_characters"],
    [{ profile_updated_at: `\u001b[31m${view.profile_updated_at}` }, "profile_updated_at/invalid_characters"],
    [{ profile_updated_at: "2".repeat(1_000) }, "profile_updated_at/too_long"],
    [{ profile_updated_at: 1_700_000_000_000 }, "profile_updated_at/invalid"],
    [{ profile_updated_at: [view.profile_updated_at] }, "profile_updated_at/invalid"],
    [{ review_version: undefined }, "review_version/required"],
    [{ review_version: -1 }, "review_version/too_short"],
    [{ review_version: 1.5 }, "review_version/invalid"],
    [{ review_version: "one" }, "review_version/invalid"],
    [{ review_version: "9".repeat(1_000) }, "review_version/invalid"],
    [{ review_version: "0\u0000" }, "review_version/invalid"],
  ];
  for (const [fields, expected] of cases) {
    const json = { ...view, ...fields };
    assert.deepEqual(await errorsOf(await decide(compliance, id, { status: "rejected", reason: "r", ...json })), [
      expected,
    ]);
    assert.deepEqual(await errorsOf(await rate(compliance, id, { ...RISK, ...json })), [expected], expected);
  }
  await nothingWritten(id);
  // Null is a view of a profile never given: it must still be the profile's.
  const stale = await decide(compliance, id, { status: "rejected", reason: "r", profile_updated_at: null });
  assert.equal(stale.status, 409);
  const { id: empty } = await customerWithProfile({ profileUpdatedAt: null, familyName: null });
  assert.equal((await viewOf(compliance, empty)).profile_updated_at, null);
  assert.equal((await rate(compliance, empty, RISK)).status, 200);
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

test("a verification racing a profile change: either the change reopens the review, or the verification is refused", async () => {
  for (let round = 0; round < 8; round += 1) {
    const { id } = await customerWithProfile();
    const view = await viewOf(compliance, id);
    const [verified] = await Promise.all([
      decide(compliance, id, { status: "verified", reason: `round ${round}` }, view),
      changeFamilyName(id, `Changed ${round}`),
    ]);
    const customer = await db().customer.findUniqueOrThrow({ where: { id } });
    const change = await db().customerProfileChange.findFirstOrThrow({ where: { customerId: id } });
    if (verified.status === 409) {
      assert.equal(change.kycReset, false, "the change came first");
      assert.equal(customer.kycStatus, "pending_review", "and the verification of the profile before it was refused");
      assert.deepEqual(await reviewEntries(id), []);
    } else {
      assert.equal(verified.status, 200);
      const [entry] = await reviewEntries(id);
      // The profile a decision was taken on, by the time of its last change (the entry holds no values).
      const decidedOn = (entry.after as { profile_updated_at: string }).profile_updated_at;
      assert.equal(customer.kycStatus, "pending_review");
      assert.equal(change.kycReset, true, "the verification came first, and the change reopened the review");
      assert.ok(new Date(decidedOn) < customer.profileUpdatedAt!, "it was taken on the profile before the change");
    }
  }
});
