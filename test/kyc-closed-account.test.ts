/**
 * Closing an account ends its pending KYC review (issue 37): a customer who submits the profile and
 * then closes the account leaves the review queue (the dashboard's count, the pending_review filter),
 * its status says the review ended with the account, and the KYC history keeps a system entry. Over
 * HTTP, on a database of its own so the queue's count starts at zero.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db, startTestApp } from "./support/app";
import { reviewView, staffSession } from "./support/staff";
import { bearer, DEVICE, registeredCustomer } from "./support/accounts";

const app = await startTestApp();
const compliance = await staffSession(app, "compliance");
const admin = await staffSession(app, "admin");

const PROFILE = {
  given_names: "Ana Maria",
  family_name: "Silva",
  date_of_birth: "1990-04-01",
  phone: "+44 7911 123456",
  address_line1: "1 High Street",
  address_city: "London",
  address_postcode: "SW1A 1AA",
  address_country: "GB",
  country_of_residence: "GB",
  nationality: "PT",
};

/** A customer who gave the whole profile and submitted it, through the public API. */
async function submittedCustomer() {
  const customer = await registeredCustomer(app);
  const headers = { ...DEVICE, ...bearer(customer.token) };
  const changed = await app.request("/client/v1/me/profile", { method: "POST", headers, json: PROFILE });
  assert.equal(changed.status, 200, await changed.clone().text());
  const submitted = await app.request("/client/v1/me/profile/submit", { method: "POST", headers });
  assert.equal(submitted.status, 200, await submitted.clone().text());
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  return { ...customer, id };
}

async function closeAccount({ token, password }: { token: string; password: string }) {
  const response = await app.request("/client/v1/close-account", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(token) },
    form: { password },
  });
  assert.equal(response.status, 200, await response.clone().text());
}

const awaitingReview = async () =>
  (await (await compliance.request("/api/admin/dashboard")).json()).profiles_awaiting_review;

async function pendingIds(): Promise<number[]> {
  const filter = encodeURIComponent(JSON.stringify({ kyc_status: "pending_review" }));
  const response = await compliance.request(`/api/admin/customers?filter=${filter}`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { id: number }[]).map((row) => row.id);
}

const customerRecord = async (id: number) => (await compliance.request(`/api/admin/customers/${id}`)).json();

test("closing ends a pending review: out of the count and the filter, its own status, a system entry in the history", async () => {
  assert.equal(await awaitingReview(), 0);
  const customer = await submittedCustomer();
  assert.equal(await awaitingReview(), 1);
  assert.deepEqual(await pendingIds(), [customer.id]);

  await closeAccount(customer);
  assert.equal(await awaitingReview(), 0, "the dashboard's count reaches zero");
  assert.deepEqual(await pendingIds(), []);
  const record = await customerRecord(customer.id);
  assert.equal(record.status, "closed");
  assert.equal(record.kyc_status, "closed_unreviewed");
  assert.equal(record.kyc_decisions.length, 1);
  const [entry] = record.kyc_decisions;
  assert.equal(entry.kind, "status");
  assert.equal(entry.kyc_status, "closed_unreviewed");
  assert.equal(entry.staff_id, null, "no member of staff decided it");
  assert.match(entry.reason, /closed/);
  const filter = encodeURIComponent(JSON.stringify({ kyc_status: "closed_unreviewed" }));
  const ended = await (await compliance.request(`/api/admin/customers?filter=${filter}`)).json();
  assert.deepEqual(
    ended.map((row: { id: number }) => row.id),
    [customer.id],
    "the ended reviews have a filter of their own",
  );

  const decision = await admin.request(`/api/admin/customers/${customer.id}/kyc`, {
    method: "POST",
    json: { status: "verified", reason: "too late", ...(await reviewView(admin.request, customer.id)) },
  });
  assert.equal(decision.status, 400, "a closed account still takes no decision");
  const chosen = await admin.request(`/api/admin/customers/${customer.id}/kyc`, {
    method: "POST",
    json: { status: "closed_unreviewed", reason: "r", ...(await reviewView(admin.request, customer.id)) },
  });
  assert.equal(chosen.status, 400, "staff never choose the status closing sets");
});

test("only a pending review ends: a verified, rejected or unsubmitted profile keeps its status and history", async () => {
  const verified = await submittedCustomer();
  const decision = await admin.request(`/api/admin/customers/${verified.id}/kyc`, {
    method: "POST",
    json: { status: "verified", reason: "documents checked", ...(await reviewView(admin.request, verified.id)) },
  });
  assert.equal(decision.status, 200, await decision.clone().text());
  const unsubmitted = await registeredCustomer(app);
  await closeAccount(verified);
  await closeAccount(unsubmitted);
  const record = await customerRecord(verified.id);
  assert.equal(record.kyc_status, "verified");
  assert.equal(record.kyc_decisions.length, 1, "only the staff decision");
  const other = await db().customer.findFirstOrThrow({ where: { closedEmail: unsubmitted.email } });
  assert.equal(other.kycStatus, "not_submitted");
  assert.equal(await db().kycDecision.count({ where: { customerId: other.id } }), 0);
});

test("accounts closed at once: every pending review ends, one system entry each, and the count is zero", async () => {
  const customers = await Promise.all(Array.from({ length: 4 }, () => submittedCustomer()));
  assert.equal(await awaitingReview(), customers.length);
  await Promise.all(customers.map((customer) => closeAccount(customer)));
  assert.equal(await awaitingReview(), 0);
  assert.deepEqual(await pendingIds(), []);
  for (const { id } of customers) {
    const entries = await db().kycDecision.findMany({ where: { customerId: id } });
    assert.deepEqual(
      entries.map((entry) => [entry.kycStatus, entry.staffId]),
      [["closed_unreviewed", null]],
    );
  }
});
