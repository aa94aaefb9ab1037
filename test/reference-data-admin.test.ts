import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { staffSession } from "./support/staff";

/**
 * The admin API's rules for safer reference data (issue 16): a country's codes and names are an
 * admin's, a new locale or time zone goes to the end of its list (also when two are added at once),
 * an API client needs a valid allowed origin and a bad one is named, time zones switch in bulk
 * (one audited update per row), and every page has a favicon.
 */
const app = await startTestApp();
const admin = await staffSession(app, "admin");
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");

type FieldErrors = { errors: { param: string; code: string; message: string }[] };

async function country(alpha2: string) {
  const { id } = await db().country.findUniqueOrThrow({ where: { isoCodeAlpha2: alpha2 } });
  return (await operations.request(`/api/admin/countries/${id}`)).json();
}

const put = (session: typeof admin, path: string, json: unknown) => session.request(path, { method: "PUT", json });
const post = (session: typeof admin, path: string, json: unknown) => session.request(path, { method: "POST", json });

test("countries: operations changing ISO codes, FIPS code or slug get a 403 naming the fields; the flag still works", async () => {
  const poland = await country("PL");
  const codes = await put(operations, `/api/admin/countries/${poland.id}`, {
    ...poland,
    iso_code_alpha2: "PX",
    fips_code: "PX",
    slug: "polska",
  });
  assert.equal(codes.status, 403);
  const refusal = await codes.json();
  assert.equal(refusal.type, "permission_error");
  assert.equal(
    refusal.message,
    "Only an admin may change these fields of a country: ISO alpha-2 code (iso_code_alpha2), FIPS code (fips_code), slug (slug)",
  );
  const stored = await db().country.findUniqueOrThrow({ where: { id: poland.id } });
  assert.deepEqual([stored.isoCodeAlpha2, stored.fipsCode, stored.slug], ["PL", poland.fips_code, poland.slug]);

  const alpha3 = await put(operations, `/api/admin/countries/${poland.id}`, { iso_code_alpha3: "PLX" });
  assert.equal(alpha3.status, 403);
  assert.match((await alpha3.json()).message, /ISO alpha-3 code \(iso_code_alpha3\)$/);

  const flag = await put(operations, `/api/admin/countries/${poland.id}`, { ...poland, is_source: !poland.is_source });
  assert.equal(flag.status, 200, "the whole record sent back with only the source flag changed is fine");
  assert.equal((await flag.json()).is_source, !poland.is_source);

  const malformed = await put(operations, `/api/admin/countries/${poland.id}`, { iso_code_alpha2: "x".repeat(5000) });
  assert.equal(malformed.status, 400, "a malformed code is a 400 before any permission question");
});

test("countries: an admin changes the codes through the API, audited", async () => {
  const poland = await country("PL");
  const changed = await put(admin, `/api/admin/countries/${poland.id}`, { iso_code_alpha3: "pol", fips_code: "PO" });
  assert.equal(changed.status, 200);
  assert.equal((await changed.json()).fips_code, "PO");
  const entry = await db().auditLog.findFirstOrThrow({ where: { resource: "countries" }, orderBy: { id: "desc" } });
  assert.equal(entry.staffId, admin.staff.id);
  assert.equal((entry.after as { fips_code: string }).fips_code, "PO");
});

for (const [kind, ids] of [
  ["locales", ["pl_PL", "cs_CZ", "sk_SK", "hu_HU", "ro_RO", "bg_BG", "hr_HR", "sl_SI"]],
  ["timezones", ["Europe/Warsaw", "Europe/Prague", "Europe/Bratislava", "Europe/Budapest", "Europe/Bucharest"]],
] as const) {
  test(`${kind}: a new entry goes to the end of the list, also when several are added at once`, async () => {
    const where = { id: { in: [...ids, kind === "locales" ? "lt_LT" : "Europe/Vilnius"] } };
    if (kind === "locales") await db().locale.deleteMany({ where });
    else await db().timezone.deleteMany({ where });
    const last = async () => {
      const select = { position: true } as const;
      const rows =
        kind === "locales" ? await db().locale.findMany({ select }) : await db().timezone.findMany({ select });
      return Math.max(-1, ...rows.map((row) => row.position));
    };
    const before = await last();

    const [first, ...rest] = ids;
    const one = await post(operations, `/api/admin/${kind}`, { id: first, label: first });
    assert.equal(one.status, 201);
    assert.equal((await one.json()).position, before + 1);

    const answers = await Promise.all(rest.map((id) => post(operations, `/api/admin/${kind}`, { id, label: id })));
    assert.deepEqual(
      answers.map((answer) => answer.status),
      rest.map(() => 201),
    );
    const positions = (await Promise.all(answers.map((answer) => answer.json()))).map((row) => row.position);
    assert.deepEqual(
      [...positions].sort((a, b) => a - b),
      rest.map((_, index) => before + 2 + index),
      "each addition at once has a position of its own, after the ones before it",
    );

    const placed = await post(operations, `/api/admin/${kind}`, {
      id: kind === "locales" ? "lt_LT" : "Europe/Vilnius",
      label: "Placed",
      position: 0,
    });
    assert.equal((await placed.json()).position, 0, "a position given is kept");
    const bad = await post(operations, `/api/admin/${kind}`, { id: first, label: "x", position: "last" });
    assert.equal(bad.status, 400);
  });
}

test("the public settings list a new locale last, not between en_GB and en_US", async () => {
  const settings = (await (await app.request("/client/v1/settings")).json()).settings;
  const enabled = settings.locales.map((locale: { id: string }) => locale.id);
  assert.ok(enabled.indexOf("pl_PL") > enabled.indexOf("en_US"), enabled.join(" "));
  assert.ok(["cs_CZ", "sk_SK", "hu_HU", "ro_RO", "bg_BG", "hr_HR", "sl_SI"].includes(enabled.at(-1)));
});

test("time zones switch in bulk: one audited update per row; compliance may not", async () => {
  const zones = ["Europe/Paris", "Europe/Berlin", "Asia/Tokyo"];
  const auditsBefore = await db().auditLog.count({ where: { resource: "timezones", action: "update" } });
  const off = await Promise.all(
    zones.map((zone) => put(operations, `/api/admin/timezones/${encodeURIComponent(zone)}`, { enabled: false })),
  );
  assert.deepEqual(
    off.map((answer) => answer.status),
    [200, 200, 200],
  );
  const rows = await db().timezone.findMany({ where: { id: { in: zones } } });
  assert.deepEqual(
    rows.map((row) => row.enabled),
    [false, false, false],
  );
  assert.equal(await db().auditLog.count({ where: { resource: "timezones", action: "update" } }), auditsBefore + 3);

  const refused = await put(compliance, `/api/admin/timezones/${encodeURIComponent("Europe/Paris")}`, {
    enabled: true,
  });
  assert.equal(refused.status, 403);
  assert.equal((await refused.json()).type, "permission_error");
  assert.equal((await db().timezone.findUniqueOrThrow({ where: { id: "Europe/Paris" } })).enabled, false);
});

test("API clients: none without an allowed origin, and a bad origin is named", async () => {
  const missing = await post(admin, "/api/admin/clients", { name: "No origins" });
  assert.equal(missing.status, 400);
  const missingErrors: FieldErrors = await missing.json();
  assert.deepEqual(
    missingErrors.errors.map((error) => [error.param, error.code]),
    [["allowed_origins", "required"]],
  );
  assert.match(missingErrors.errors[0].message, /at least one allowed origin/);

  const empty = await post(admin, "/api/admin/clients", { name: "No origins", allowed_origins: [] });
  assert.equal(empty.status, 400);
  assert.match((await empty.json()).errors[0].message, /at least one allowed origin/);

  const bad = await post(admin, "/api/admin/clients", {
    name: "Bad origin",
    allowed_origins: ["https://ok.example.com", "htp:/x"],
  });
  assert.equal(bad.status, 400);
  const [badError] = ((await bad.json()) as FieldErrors).errors;
  assert.equal(badError.param, "allowed_origins.1");
  assert.match(badError.message, /^“htp:\/x” is not a valid origin: /);

  const huge = await post(admin, "/api/admin/clients", {
    name: "Huge origin",
    allowed_origins: [`https://${"a".repeat(5000)}.example.com`],
  });
  assert.equal(huge.status, 400);
  const hugeMessage = ((await huge.json()) as FieldErrors).errors[0].message;
  assert.ok(hugeMessage.length < 300, "a huge origin is named by its start only");
  const typed = await post(admin, "/api/admin/clients", { name: "Numbers", allowed_origins: [5] });
  assert.equal(typed.status, 400);
  assert.equal(await db().apiClient.count({ where: { name: { in: ["No origins", "Bad origin", "Huge origin"] } } }), 0);

  const created = await post(admin, "/api/admin/clients", {
    name: "Good",
    allowed_origins: ["https://good.example.com"],
  });
  assert.equal(created.status, 201);
  const { id } = await created.json();
  const emptied = await put(admin, `/api/admin/clients/${id}`, { allowed_origins: [] });
  assert.equal(emptied.status, 400, "nor can the last origin be taken away");
  const renamed = await put(admin, `/api/admin/clients/${id}`, { name: "Good app" });
  assert.equal(renamed.status, 200, "a change that leaves the origins alone needs none");
  assert.deepEqual((await renamed.json()).allowed_origins, ["https://good.example.com"]);
});

test("every page has a favicon: /favicon.ico and the icon the pages link to", async () => {
  const ico = await app.fetch("/favicon.ico");
  assert.equal(ico.status, 200);
  assert.match(ico.headers.get("content-type") ?? "", /image\/(x-icon|vnd\.microsoft\.icon)/);
  const page = await (await app.fetch("/admin")).text();
  const href = /<link rel="icon" href="([^"]+)"[^>]*type="image\/svg\+xml"/.exec(page)?.[1];
  assert.ok(href, "the back office's page links its icon");
  const icon = await app.fetch(href.replaceAll("&amp;", "&"));
  assert.equal(icon.status, 200);
  assert.match(icon.headers.get("content-type") ?? "", /image\/svg\+xml/);
});
