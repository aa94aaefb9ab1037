/**
 * What the customer's page needs to answer a reviewer (issue 37): staff decisions' account events
 * carry the values they changed (never the reason), a legal hold set or lifted is an account event
 * (kept out of the customer's own export, as a risk rating is), every role reads the countries' names,
 * and the list sorts by name, residence and PEP. Over HTTP against the production build.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db, startTestApp } from "./support/app";
import { bearer, DEVICE, registeredCustomer } from "./support/accounts";
import { reviewView, staffSession } from "./support/staff";

const app = await startTestApp();
const compliance = await staffSession(app, "compliance");
const operations = await staffSession(app, "operations");

type Event = { type: string; detail: unknown };

async function customerWithProfile(profile: { familyName: string; countryOfResidence: string; pep?: boolean }) {
  const customer = await registeredCustomer(app);
  const { id } = await db().customer.update({
    where: { email: customer.email },
    data: { givenNames: "Ana", ...profile, profileUpdatedAt: new Date() },
  });
  return { ...customer, id };
}

const eventsOf = async (id: number): Promise<Event[]> =>
  (await (await compliance.request(`/api/admin/customers/${id}`)).json()).events;

test("a KYC decision's and a risk rating's events carry the values before and after, never the reason", async () => {
  const customer = await customerWithProfile({ familyName: "Decided", countryOfResidence: "GB" });
  const kyc = await compliance.request(`/api/admin/customers/${customer.id}/kyc`, {
    method: "POST",
    json: {
      status: "pending_review",
      reason: "Documents by post from Ana Decided",
      ...(await reviewView(compliance.request, customer.id)),
    },
  });
  assert.equal(kyc.status, 200, await kyc.text());
  const risk = await compliance.request(`/api/admin/customers/${customer.id}/risk`, {
    method: "POST",
    json: {
      risk_rating: "high",
      pep: true,
      sanctions_hit: false,
      reason: "Minister's spouse",
      ...(await reviewView(compliance.request, customer.id)),
    },
  });
  assert.equal(risk.status, 200, await risk.text());

  const events = await eventsOf(customer.id);
  const detailOf = (type: string) => events.find((event) => event.type === type)?.detail;
  assert.deepEqual(detailOf("kyc_status_changed"), {
    before: { kyc_status: "not_submitted" },
    after: { kyc_status: "pending_review" },
  });
  assert.deepEqual(detailOf("risk_rating_changed"), {
    before: { risk_rating: null, pep: false, sanctions_hit: false },
    after: { risk_rating: "high", pep: true, sanctions_hit: false },
  });
  assert.doesNotMatch(JSON.stringify(events), /Minister|Documents by post/);
  for (const event of events.filter((event) => !event.type.endsWith("_changed"))) assert.equal(event.detail, null);
});

test("a legal hold set and lifted are account events for staff, and not in the customer's own export", async () => {
  const customer = await customerWithProfile({ familyName: "Held", countryOfResidence: "FR" });
  for (const hold of [true, false]) {
    const response = await compliance.request(`/api/admin/customers/${customer.id}/legal-hold`, {
      method: "POST",
      json: { hold, reason: "Litigation ref. 2026/114" },
    });
    assert.equal(response.status, 200);
  }
  // Asked again for the state it is in: no change, so no event.
  await compliance.request(`/api/admin/customers/${customer.id}/legal-hold`, {
    method: "POST",
    json: { hold: false, reason: "again" },
  });
  const types = (await eventsOf(customer.id)).map((event) => event.type);
  assert.deepEqual(
    types.filter((type) => type.startsWith("legal_hold")),
    ["legal_hold_lifted", "legal_hold_set"],
  );

  const exported = await app.request("/client/v1/me/export", { headers: { ...DEVICE, ...bearer(customer.token) } });
  assert.equal(exported.status, 200);
  const document = JSON.stringify(await exported.json());
  assert.doesNotMatch(document, /legal_hold/);
  assert.doesNotMatch(document, /"detail"/);
});

test("every role reads the countries' names; only operations and admins change them", async () => {
  const listed = await compliance.request(`/api/admin/countries?${new URLSearchParams({ range: "[0,299]" })}`);
  assert.equal(listed.status, 200);
  const countries: { id: number; iso_code_alpha2: string; known_name: string }[] = await listed.json();
  const gb = countries.find((country) => country.iso_code_alpha2 === "GB");
  assert.ok(gb && gb.known_name.length > 0);
  const refused = await compliance.request(`/api/admin/countries/${gb.id}`, {
    method: "PUT",
    json: { is_source: true },
  });
  assert.equal(refused.status, 403);
  assert.equal((await operations.request(`/api/admin/countries?range=[0,0]`)).status, 200);
});

test("the customers list sorts by family name, country of residence and PEP", async () => {
  const tag = `sort${Date.now()}`;
  const made = [
    await customerWithProfile({ familyName: `${tag} Carvalho`, countryOfResidence: "PT", pep: true }),
    await customerWithProfile({ familyName: `${tag} Abbott`, countryOfResidence: "GB" }),
    await customerWithProfile({ familyName: `${tag} Bauer`, countryOfResidence: "DE" }),
  ];
  const ids = made.map((customer) => customer.id);
  const sorted = async (field: string, order = "ASC") => {
    const query = new URLSearchParams({ sort: JSON.stringify([field, order]), filter: JSON.stringify({ id: ids }) });
    const response = await compliance.request(`/api/admin/customers?${query}`);
    assert.equal(response.status, 200, `${field}: ${await response.clone().text()}`);
    return ((await response.json()) as { family_name: string }[]).map((row) => row.family_name.replace(`${tag} `, ""));
  };
  assert.deepEqual(await sorted("family_name"), ["Abbott", "Bauer", "Carvalho"]);
  assert.deepEqual(await sorted("country_of_residence"), ["Bauer", "Abbott", "Carvalho"]);
  assert.deepEqual((await sorted("pep", "DESC"))[0], "Carvalho");
});
