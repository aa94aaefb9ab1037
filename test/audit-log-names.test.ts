/** The audit log names the records its entries are about: "Poland", not "countries 177". */
import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { staffSession } from "./support/staff";

const app = await startTestApp();
const admin = await staffSession(app, "admin");
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");

async function newestEntry(resource: string) {
  const query = new URLSearchParams({ filter: JSON.stringify({ resource }), sort: '["id","DESC"]', range: "[0,0]" });
  const response = await compliance.request(`/api/admin/audit-log?${query}`);
  assert.equal(response.status, 200);
  const [entry] = await response.json();
  return entry;
}

test("a country switch names the country, a settings change the settings", async () => {
  const poland = await db().country.findUniqueOrThrow({ where: { isoCodeAlpha2: "PL" } });
  const switched = await operations.request(`/api/admin/countries/${poland.id}`, {
    method: "PUT",
    json: { is_source: !poland.isSource },
  });
  assert.equal(switched.status, 200);
  const entry = await newestEntry("countries");
  assert.deepEqual([entry.resource_id, entry.record_name], [String(poland.id), "Poland"]);

  const settings = await (await operations.request("/api/admin/settings/1")).json();
  await operations.request("/api/admin/settings/1", { method: "PUT", json: { ...settings, tag_line: "Faster" } });
  assert.equal((await newestEntry("settings")).record_name, "Business settings");
});

test("a deleted record is named from the entry's own snapshot; the single entry is named too", async () => {
  const created = await operations.request("/api/admin/locales", {
    method: "POST",
    json: { id: "it_IT", label: "Italiano" },
  });
  assert.equal(created.status, 201);
  assert.equal((await operations.request("/api/admin/locales/it_IT", { method: "DELETE" })).status, 200);
  const deleted = await newestEntry("locales");
  assert.deepEqual([deleted.action, deleted.record_name], ["delete", "Italiano"]);
  const one = await (await compliance.request(`/api/admin/audit-log/${deleted.id}`)).json();
  assert.equal(one.record_name, "Italiano");
});

test("staff, API clients and exports: named, or null when about no one record", async () => {
  const client = await admin.request("/api/admin/clients", {
    method: "POST",
    json: { name: "Named app", allowed_origins: ["https://named.example.com"] },
  });
  assert.equal(client.status, 201);
  assert.equal((await newestEntry("clients")).record_name, "Named app");

  const exportedCsv = await compliance.request("/api/admin/customers/export", { method: "POST", json: {} });
  assert.equal(exportedCsv.status, 200);
  await exportedCsv.text();
  const exported = await newestEntry("customers");
  assert.deepEqual([exported.action, exported.record_name], ["export", null]);

  const renamed = await admin.request(`/api/admin/staff/${operations.staff.id}`, {
    method: "PUT",
    json: { name: "Olu Renamed" },
  });
  assert.equal(renamed.status, 200);
  assert.equal((await newestEntry("staff")).record_name, "Olu Renamed", "as the record is named now");
});

test("names are read for a whole page at once, whatever the ids recorded", async () => {
  // Entries written by hand with ids that match nothing, or are not numbers at all.
  await db().auditLog.createMany({
    data: [
      {
        actor: "staff",
        action: "update",
        resource: "countries",
        resourceId: "not-a-number",
        after: { known_name: "Atlantis" },
      },
      { actor: "staff", action: "update", resource: "countries", resourceId: "999999" },
      { actor: "staff", action: "update", resource: "staff", resourceId: "not-a-number", after: { name: "Something" } },
    ],
  });
  const query = new URLSearchParams({ sort: '["id","DESC"]', range: "[0,2]" });
  const entries = await (await compliance.request(`/api/admin/audit-log?${query}`)).json();
  assert.deepEqual(
    entries.map((entry: { record_name: string | null }) => entry.record_name),
    ["Something", null, "Atlantis"],
  );
});
