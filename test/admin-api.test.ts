import assert from "node:assert/strict";
import { test } from "node:test";
import { encode } from "next-auth/jwt";
import type { AuditAction, AuditResource } from "@/lib/generated/prisma/enums";
import { startTestApp, db } from "./support/app";
import { makeStaff, signIn, staffSession, STAFF_PASSWORD } from "./support/staff";
import { bearer, DEVICE, registeredCustomer } from "./support/accounts";
import { openedBody } from "@/lib/domain/email/outbox-token-box";

// The tests play the proxy (on loopback) to sign in from several addresses.
const app = await startTestApp({ STAFF_LOGIN_MAX_FAILURES_PER_IP: "8", TRUSTED_PROXIES: "127.0.0.1/32, ::1/128" });
const admin = await staffSession(app, "admin");
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");
const sessions = { admin, operations, compliance };

const UNAUTHENTICATED = { code: 401, type: "authentication_error", message: "Sign in to the back office first" };
const FORBIDDEN = { code: 403, type: "permission_error", message: "You do not have permission to do this" };

async function publicSettings() {
  return (await (await app.request("/client/v1/settings")).json()).settings;
}

async function publicSourceCodes(): Promise<string[]> {
  const body = await (await app.request("/client/v1/sources")).json();
  return body.countries.map((country: { iso_code_alpha2: string }) => country.iso_code_alpha2);
}

async function latestAudit(resource: AuditResource) {
  return db().auditLog.findFirst({ where: { resource }, orderBy: { id: "desc" } });
}

async function countryId(alpha2: string): Promise<number> {
  return (await db().country.findUniqueOrThrow({ where: { isoCodeAlpha2: alpha2 } })).id;
}

test("without a session every admin call is a JSON 401", async () => {
  for (const [method, path] of [
    ["GET", "/api/admin/dashboard"],
    ["GET", "/api/admin/settings"],
    ["PUT", "/api/admin/settings/1"],
    ["GET", "/api/admin/customers"],
    ["POST", "/api/admin/customers/export"],
    ["POST", "/api/admin/clients"],
    ["POST", "/api/admin/clients/1/rotate"],
  ]) {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: { Cookie: "next-auth.session-token=forged" },
    });
    assert.equal(response.status, 401, `${method} ${path}`);
    assert.deepEqual(await response.json(), UNAUTHENTICATED);
  }
});

test("sign-in through next-auth sets an httpOnly, SameSite=Lax session cookie (Secure only over https)", async () => {
  const staff = await makeStaff("operations");
  const attempt = await signIn(app, staff.email.toUpperCase(), STAFF_PASSWORD);
  assert.equal(attempt.status, 200);
  const cookie = attempt.setCookie.find((line) => line.startsWith("next-auth.session-token="));
  assert.ok(cookie, "a session cookie over plain http");
  assert.match(cookie, /HttpOnly/i);
  assert.match(cookie, /SameSite=Lax/i);
  assert.doesNotMatch(cookie, /;\s*Secure/i);

  const session = await (
    await fetch(`${app.url}/api/auth/session`, { headers: { Cookie: attempt.jar.header() } })
  ).json();
  assert.deepEqual(session.user, {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: "operations",
    twoFactor: false,
    twoFactorRequired: false,
  });
  const expiresInHours = (Date.parse(session.expires) - Date.now()) / 3_600_000;
  assert.ok(expiresInHours > 7.9 && expiresInHours <= 8, "the session ends 8 hours after sign-in");
  assert.ok((await db().staff.findUniqueOrThrow({ where: { id: staff.id } })).lastLoginAt, "last login recorded");

  const overHttps = await signIn(app, staff.email, STAFF_PASSWORD, { "X-Forwarded-Proto": "https" });
  const secureCookie = overHttps.setCookie.find((line) => line.startsWith("__Secure-next-auth.session-token="));
  assert.ok(secureCookie, "behind a TLS proxy the cookie is the __Secure- one");
  assert.match(secureCookie, /;\s*Secure/i);
});

test("a wrong password, an unknown e-mail and an inactive account do not sign in", async () => {
  const inactive = await makeStaff("admin", { active: false });
  const active = await makeStaff("admin");
  const address = { "X-Forwarded-For": "198.51.100.1" };
  for (const [email, password] of [
    [active.email, "wrong password"],
    ["nobody@staff.example.org", STAFF_PASSWORD],
    [inactive.email, STAFF_PASSWORD],
  ]) {
    const attempt = await signIn(app, email, password, address);
    assert.equal(attempt.status, 401, email);
    assert.match(String(attempt.body.url), /error=CredentialsSignin/);
    assert.ok(!attempt.jar.names().some((name) => name.includes("session-token")), "no session cookie");
  }
});

/** Runs `run` while every audit insert fails: the change it belongs to must roll back with it. */
async function whileAuditRefused(run: () => Promise<void>): Promise<void> {
  await db().$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'audit log unavailable'; END; $$ LANGUAGE plpgsql`);
  await db().$executeRawUnsafe(
    `CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`,
  );
  try {
    await run();
  } finally {
    await db().$executeRawUnsafe("DROP TRIGGER refuse_audit ON audit_log");
  }
}

const dashboardStatus = async (cookie: string) =>
  (await fetch(`${app.url}/api/admin/dashboard`, { headers: { Cookie: cookie } })).status;

/** POST /api/auth/signout as the back office sends it, with next-auth's CSRF token, carrying `cookie`. */
async function signOut(cookie: string, { withCsrfToken = true } = {}): Promise<Response> {
  const { csrfToken } = await (await fetch(`${app.url}/api/auth/csrf`, { headers: { Cookie: cookie } })).json();
  return fetch(`${app.url}/api/auth/signout`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ ...(withCsrfToken && { csrfToken }), json: "true" }).toString(),
  });
}

const auditCount = (action: AuditAction, id: number) =>
  db().auditLog.count({ where: { action, resource: "staff", resourceId: String(id) } });

test("sign-out ends the session on the server: a copy of its cookie taken before opens nothing afterwards", async () => {
  const { jar, staff } = await staffSession(app, "compliance");
  const otherDevice = await signIn(app, staff.email, STAFF_PASSWORD);
  const copied = jar.header();
  assert.equal(await dashboardStatus(copied), 200);

  assert.ok((await signOut(copied, { withCsrfToken: false })).status < 500);
  assert.equal(await dashboardStatus(copied), 200, "a sign-out without next-auth's CSRF token ends nothing");

  const signedOut = await signOut(copied);
  assert.equal(signedOut.status, 200);
  jar.store(signedOut);
  assert.ok(!jar.names().some((name) => name.includes("session-token")), "the browser's cookie is cleared");
  assert.equal(await dashboardStatus(copied), 401, "the copy taken before sign-out is refused");
  assert.equal(await dashboardStatus(otherDevice.jar.header()), 401, "and so is the member's other session");
  const session = await (await fetch(`${app.url}/api/auth/session`, { headers: { Cookie: copied } })).json();
  assert.equal(session.user, undefined);
  assert.equal(await auditCount("sign_out", staff.id), 1);
  const [entry] = await db().auditLog.findMany({ where: { action: "sign_out", resourceId: String(staff.id) } });
  assert.equal(entry.staffId, staff.id);

  assert.equal((await signOut(copied)).status, 200, "signing out an ended session again is harmless");
  assert.equal(await auditCount("sign_out", staff.id), 1, "and writes nothing");
  const again = await signIn(app, staff.email, STAFF_PASSWORD);
  assert.equal(await dashboardStatus(again.jar.header()), 200, "a new sign-in works");
});

test("two sign-outs of one session at once: both answered, the session ended once", async () => {
  const { jar, staff } = await staffSession(app, "operations");
  const statuses = await Promise.all([signOut(jar.header()), signOut(jar.header())]);
  assert.deepEqual(
    statuses.map((answer) => answer.status),
    [200, 200],
  );
  assert.equal(await dashboardStatus(jar.header()), 401);
  assert.equal(await auditCount("sign_out", staff.id), 1);
});

test("a sign-out that cannot end the session answers the fixed 503, keeps the cookie and leaves nothing half-done", async () => {
  const { jar, staff } = await staffSession(app, "compliance");
  await whileAuditRefused(async () => {
    const answer = await signOut(jar.header());
    assert.equal(answer.status, 503);
    assert.equal((await answer.json()).type, "api_error");
    assert.ok(!answer.headers.getSetCookie().some((line) => line.includes("session-token")), "the cookie is kept");
  });
  const row = await db().staff.findUniqueOrThrow({ where: { id: staff.id } });
  assert.equal(row.credentialsVersion, staff.credentialsVersion, "the version and its audit entry roll back together");
  assert.equal(await dashboardStatus(jar.header()), 200, "the session stands, as the member was told");
  assert.equal((await signOut(jar.header())).status, 200);
  assert.equal(await dashboardStatus(jar.header()), 401);
});

test("an admin signs a colleague out everywhere: every copy of every cookie of theirs is refused, audited", async () => {
  const member = await staffSession(app, "operations");
  const otherDevice = await signIn(app, member.staff.email, STAFF_PASSWORD);
  const cookies = [member.jar.header(), otherDevice.jar.header()];
  const path = `/api/admin/staff/${member.staff.id}/revoke-sessions`;

  for (const other of [operations, compliance]) {
    assert.deepEqual(await (await other.request(path, { method: "POST" })).json(), FORBIDDEN);
  }
  assert.equal(
    (await admin.request(path, { method: "POST", headers: { Origin: "https://evil.example" } })).status,
    403,
  );
  assert.equal((await admin.request(path)).status, 405);
  for (const missing of ["999999999", "abc", "1e3", "-1", "%00"]) {
    const response = await admin.request(`/api/admin/staff/${missing}/revoke-sessions`, { method: "POST" });
    assert.equal(response.status, 404, missing);
  }
  for (const cookie of cookies) assert.equal(await dashboardStatus(cookie), 200, "nothing ended yet");
  assert.equal(await auditCount("revoke_sessions", member.staff.id), 0);

  const answers = await Promise.all([admin.request(path, { method: "POST" }), admin.request(path, { method: "POST" })]);
  assert.deepEqual(
    answers.map((answer) => answer.status),
    [200, 200],
  );
  const record = await answers[0].json();
  assert.equal(record.id, member.staff.id);
  assert.ok(!/credentials|password|totp/i.test(JSON.stringify(record)), JSON.stringify(record));
  for (const cookie of cookies) assert.equal(await dashboardStatus(cookie), 401, "every session of theirs has ended");
  const entries = await db().auditLog.findMany({
    where: { action: "revoke_sessions", resource: "staff", resourceId: String(member.staff.id) },
  });
  assert.equal(entries.length, 2);
  assert.ok(entries.every((entry) => entry.staffId === admin.staff.id));
  assert.equal(await dashboardStatus(admin.jar.header()), 200, "the admin's own session carries on");

  const again = await signIn(app, member.staff.email, STAFF_PASSWORD);
  assert.equal(await dashboardStatus(again.jar.header()), 200, "the member can sign in again");
});

test("a session older than STAFF_SESSION_HOURS is refused, however well signed", async () => {
  const secret = process.env.AUTH_SECRET!;
  const nineHoursAgo = Math.floor(Date.now() / 1000) - 9 * 3600;
  const token = await encode({
    secret,
    token: { sub: String(admin.staff.id), role: "admin", signedInAt: nineHoursAgo },
  });
  const response = await fetch(`${app.url}/api/admin/dashboard`, {
    headers: { Cookie: `next-auth.session-token=${token}` },
  });
  assert.equal(response.status, 401);
  const fresh = await encode({
    secret,
    token: { sub: String(admin.staff.id), role: "admin", signedInAt: Math.floor(Date.now() / 1000) },
  });
  assert.equal(
    (await fetch(`${app.url}/api/admin/dashboard`, { headers: { Cookie: `next-auth.session-token=${fresh}` } })).status,
    200,
  );
});

test("each role reads what it may and gets a JSON 403 for the rest", async () => {
  const readable = {
    admin: [
      "dashboard",
      "settings",
      "locales",
      "timezones",
      "countries",
      "clients",
      "customers",
      "staff",
      "audit-log",
      "outbox",
    ],
    operations: ["dashboard", "settings", "locales", "timezones", "countries", "clients", "outbox"],
    compliance: ["dashboard", "countries", "customers", "audit-log", "outbox"],
  };
  const everything = readable.admin;
  for (const [role, session] of Object.entries(sessions)) {
    for (const resource of everything) {
      const response = await session.request(`/api/admin/${resource}`);
      const allowed = readable[role as keyof typeof readable].includes(resource);
      assert.equal(response.status, allowed ? 200 : 403, `${role} GET ${resource}`);
      if (!allowed) assert.deepEqual(await response.json(), FORBIDDEN);
    }
  }
});

test("writes a role may not make are 403 even when crafted by hand, and change nothing", async () => {
  const before = await publicSettings();
  const forbidden: [keyof typeof sessions, string, string, unknown][] = [
    ["compliance", "PUT", "/api/admin/settings/1", { trading_name: "Hacked" }],
    ["compliance", "POST", "/api/admin/locales", { id: "it_IT", label: "Italiano" }],
    ["operations", "POST", "/api/admin/clients", { name: "Sneaky" }],
    ["operations", "POST", "/api/admin/clients/1/rotate", {}],
    ["operations", "POST", "/api/admin/staff", { email: "new@staff.example.org", role: "admin" }],
    ["operations", "PUT", `/api/admin/staff/${operations.staff.id}`, { role: "admin" }],
    ["compliance", "POST", "/api/admin/outbox/x/retry", {}],
    ["admin", "PUT", "/api/admin/customers/1", { email: "x@example.org" }],
  ];
  for (const [role, method, path, json] of forbidden) {
    const response = await sessions[role].request(path, { method, json });
    assert.ok([403, 405].includes(response.status), `${role} ${method} ${path}: ${response.status}`);
  }
  for (const [role, method, path, json] of forbidden.slice(0, 6)) {
    const response = await sessions[role].request(path, { method, json });
    assert.deepEqual(await response.json(), FORBIDDEN, `${role} ${method} ${path}`);
  }
  assert.deepEqual(await publicSettings(), before);
  assert.equal((await db().staff.findUniqueOrThrow({ where: { id: operations.staff.id } })).role, "operations");
});

test("lists follow ra-data-simple-rest: sort, range, filter and Content-Range", async () => {
  const params = new URLSearchParams({ sort: '["known_name","DESC"]', range: "[10,19]", filter: "{}" });
  const response = await operations.request(`/api/admin/countries?${params}`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-range"), "countries 10-19/250");
  assert.match(response.headers.get("access-control-expose-headers")!, /Content-Range/);
  const rows = await response.json();
  assert.equal(rows.length, 10);
  assert.ok(rows[0].known_name.localeCompare(rows[9].known_name) > 0, "descending");
  assert.deepEqual(Object.keys(rows[0]).sort(), [
    "demonym",
    "endonym",
    "fips_code",
    "id",
    "is_source",
    "isd_code",
    "iso_code_alpha2",
    "iso_code_alpha3",
    "known_name",
    "official_name",
    "slug",
    "updated_at",
  ]);

  const search = async (filter: object) => {
    const query = new URLSearchParams({ filter: JSON.stringify(filter), range: "[0,299]" });
    const page = await operations.request(`/api/admin/countries?${query}`);
    return { total: page.headers.get("content-range"), rows: (await page.json()) as { iso_code_alpha2: string }[] };
  };
  assert.deepEqual(
    (await search({ q: "gbr" })).rows.map((c) => c.iso_code_alpha2),
    ["GB"],
  );
  assert.ok((await search({ q: "kingdom" })).rows.some((c) => c.iso_code_alpha2 === "GB"));
  const sources = await search({ is_source: true });
  assert.equal(sources.rows.length, 8);
  assert.equal(sources.total, "countries 0-7/8");
  const ids = [await countryId("FR"), await countryId("DE")];
  assert.deepEqual((await search({ id: ids })).rows.map((c) => c.iso_code_alpha2).sort(), ["DE", "FR"], "getMany");
  assert.equal((await search({ q: "no such country at all" })).total, "countries */0");

  for (const bad of ['sort=["password","ASC"]', "range=[5,2]", "filter=not-json"]) {
    const answer = await operations.request(`/api/admin/countries?${bad}`);
    assert.equal(answer.status, 400, bad);
    assert.equal((await answer.json()).type, "invalid_request_error");
  }
});

test("settings: one record, validated, audited, and served by the public API at once", async () => {
  const list = await operations.request("/api/admin/settings");
  assert.equal(list.headers.get("content-range"), "settings 0-0/1");
  const [record] = await list.json();
  assert.equal(record.id, 1);
  const one = await (await operations.request("/api/admin/settings/1")).json();
  assert.deepEqual(one, record);

  const invalid = await operations.request("/api/admin/settings/1", {
    method: "PUT",
    json: { ...record, trading_name: "  ", cs_email: "not-an-email", cs_number: "call us" },
  });
  assert.equal(invalid.status, 400);
  const body = await invalid.json();
  assert.equal(body.type, "invalid_request_error");
  assert.deepEqual(
    body.errors.map((error: { param: string; code: string }) => [error.param, error.code]),
    [
      ["trading_name", "required"],
      ["cs_number", "invalid"],
      ["cs_email", "invalid"],
    ],
  );

  const etag = (await app.request("/client/v1/settings")).headers.get("etag")!;
  const saved = await operations.request("/api/admin/settings/1", {
    method: "PUT",
    json: { ...record, trading_name: "Remit Fast", hq_region: "" },
  });
  assert.equal(saved.status, 200);
  assert.equal((await saved.json()).trading_name, "Remit Fast");
  const after = await app.request("/client/v1/settings", { headers: { "If-None-Match": etag } });
  assert.equal(after.status, 200, "a new ETag at once");
  assert.equal((await after.json()).settings.trading_name, "Remit Fast");

  const entry = await latestAudit("settings");
  assert.equal(entry?.staffId, operations.staff.id);
  assert.equal(entry?.action, "update");
  assert.equal(entry?.resourceId, "1");
  assert.equal((entry!.before as { trading_name: string }).trading_name, record.trading_name);
  assert.equal((entry!.after as { trading_name: string }).trading_name, "Remit Fast");

  assert.equal((await operations.request("/api/admin/settings/2")).status, 404);
});

test("a change and its audit entry commit together or not at all", async () => {
  await whileAuditRefused(async () => {
    const before = await publicSettings();
    const record = await (await operations.request("/api/admin/settings/1")).json();
    const response = await operations.request("/api/admin/settings/1", {
      method: "PUT",
      json: { ...record, trading_name: "Never saved" },
    });
    assert.equal(response.status, 500);
    assert.deepEqual(await response.json(), { code: 500, type: "api_error", message: "An unexpected error occurred" });
    assert.equal((await db().settings.findUniqueOrThrow({ where: { id: 1 } })).tradingName, before.trading_name);
    assert.deepEqual(await publicSettings(), before);
  });
});

test("locales and timezones: create, enable, reorder, delete, reflected in the public settings", async () => {
  const created = await operations.request("/api/admin/locales", {
    method: "POST",
    json: { id: "it_IT", label: "Italiano (Italia)", enabled: true, position: 0 },
  });
  assert.equal(created.status, 201);
  assert.deepEqual(Object.keys(await created.json()).sort(), ["enabled", "id", "label", "position", "updated_at"]);
  assert.ok((await publicSettings()).locales.some((l: { id: string }) => l.id === "it_IT"));
  await operations.request("/api/admin/locales/it_IT", { method: "PUT", json: { position: 99 } });
  assert.equal((await publicSettings()).locales.at(-1).id, "it_IT", "ordered by position");

  const duplicate = await operations.request("/api/admin/locales", {
    method: "POST",
    json: { id: "it_IT", label: "Again" },
  });
  assert.equal(duplicate.status, 400);
  assert.deepEqual(
    (await duplicate.json()).errors.map((e: { param: string; code: string }) => [e.param, e.code]),
    [["id", "unique"]],
  );
  const malformed = await operations.request("/api/admin/locales", {
    method: "POST",
    json: { id: "italian", label: "" },
  });
  assert.deepEqual(
    (await malformed.json()).errors.map((e: { param: string }) => e.param),
    ["id", "label"],
  );

  const disabled = await operations.request("/api/admin/locales/it_IT", { method: "PUT", json: { enabled: false } });
  assert.equal((await disabled.json()).enabled, false);
  assert.ok(
    !(await publicSettings()).locales.some((l: { id: string }) => l.id === "it_IT"),
    "disabled ones are not served",
  );
  assert.equal((await operations.request("/api/admin/locales/it_IT", { method: "DELETE" })).status, 200);
  assert.equal((await operations.request("/api/admin/locales/it_IT")).status, 404);
  assert.equal((await latestAudit("locales"))?.action, "delete");

  const london = await operations.request(`/api/admin/timezones/${encodeURIComponent("Europe/London")}`);
  assert.equal(london.status, 200, "ids with a slash, as ra-data-simple-rest encodes them");
  assert.equal((await london.json()).id, "Europe/London");
  const off = await operations.request(`/api/admin/timezones/${encodeURIComponent("Europe/London")}`, {
    method: "PUT",
    json: { enabled: false },
  });
  assert.equal(off.status, 200);
  assert.ok(!(await publicSettings()).timezones.some((z: { id: string }) => z.id === "Europe/London"));
  const bogus = await operations.request("/api/admin/timezones", {
    method: "POST",
    json: { id: "Mars/Olympus", label: "Olympus" },
  });
  assert.equal(bogus.status, 400);
  const enabledOnly = await operations.request(
    `/api/admin/timezones?${new URLSearchParams({ filter: '{"enabled":false}' })}`,
  );
  assert.equal(enabledOnly.headers.get("content-range"), "timezones 0-0/1");
});

test("the back office lists countries by name in the public API's order, \"Åland\" among the A's", async () => {
  const names = async (order: "ASC" | "DESC") => {
    const query = new URLSearchParams({ sort: `["known_name","${order}"]`, range: "[0,299]" });
    const rows: { known_name: string }[] = await (await operations.request(`/api/admin/countries?${query}`)).json();
    return rows.map((row) => row.known_name);
  };
  const publicNames = (await (await app.request("/client/v1/countries")).json()).countries.map(
    (c: { known_name: string }) => c.known_name,
  );
  const ascending = await names("ASC");
  assert.deepEqual(ascending, publicNames);
  assert.ok(ascending.indexOf("Åland Islands") < ascending.indexOf("Albania"), "Åland Islands before Albania");
  assert.deepEqual(await names("DESC"), [...ascending].reverse());

  const byCode = new URLSearchParams({ sort: '["isd_code","ASC"]', range: "[0,5]" });
  const lowest: { isd_code: number }[] = await (await operations.request(`/api/admin/countries?${byCode}`)).json();
  assert.deepEqual(
    lowest.map((row) => row.isd_code),
    [1, 1, 1, 7, 7, 20],
    "numbers sort as numbers (as text, 20 would come before 7)",
  );
});

test("countries: operations flip the source flag; only an admin edits names and codes", async () => {
  const id = await countryId("PT");
  assert.ok(!(await publicSourceCodes()).includes("PT"));
  const flagged = await operations.request(`/api/admin/countries/${id}`, { method: "PUT", json: { is_source: true } });
  assert.equal(flagged.status, 200);
  assert.ok((await publicSourceCodes()).includes("PT"), "the public API shows the new source at once");

  const record = await (await operations.request(`/api/admin/countries/${id}`)).json();
  const unchangedWholeRecord = await operations.request(`/api/admin/countries/${id}`, {
    method: "PUT",
    json: { ...record, is_source: false },
  });
  assert.equal(unchangedWholeRecord.status, 200, "the whole record may be sent back as long as only the flag differs");
  const renamed = await operations.request(`/api/admin/countries/${id}`, {
    method: "PUT",
    json: { ...record, known_name: "Portugalia" },
  });
  assert.equal(renamed.status, 403);
  assert.equal((await db().country.findUniqueOrThrow({ where: { id } })).knownName, "Portugal");

  const byAdmin = await admin.request(`/api/admin/countries/${id}`, {
    method: "PUT",
    json: { known_name: "Portugal (Republic)", iso_code_alpha2: "pt" },
  });
  assert.equal(byAdmin.status, 200);
  assert.equal((await byAdmin.json()).known_name, "Portugal (Republic)");
  const clash = await admin.request(`/api/admin/countries/${id}`, { method: "PUT", json: { iso_code_alpha2: "ES" } });
  assert.equal(clash.status, 400);
  const entry = await latestAudit("countries");
  assert.equal(entry?.staffId, admin.staff.id);
  assert.equal((entry!.after as { known_name: string }).known_name, "Portugal (Republic)");
});

test("API clients: the secret once, rename, origins, rotate, revoke; never the hash", async () => {
  const created = await admin.request("/api/admin/clients", {
    method: "POST",
    json: { name: "Web app", allowed_origins: ["https://web.example.com", "https://web.example.com/"] },
  });
  assert.equal(created.status, 201);
  const client = await created.json();
  assert.match(client.client_secret, /^sec_/);
  assert.deepEqual(client.allowed_origins, ["https://web.example.com"]);
  const credentials = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };
  assert.equal((await app.fetch("/client/v1/settings", { headers: credentials })).status, 200);

  const shown = await (await operations.request(`/api/admin/clients/${client.id}`)).json();
  assert.equal(shown.client_secret, undefined);
  assert.equal(shown.secret_hash, undefined);
  const listed = await operations.request("/api/admin/clients?sort=%5B%22last_used_at%22%2C%22DESC%22%5D");
  assert.ok(
    (await listed.json()).every((row: Record<string, unknown>) => "last_used_at" in row && !("client_secret" in row)),
  );
  const createdEntry = await latestAudit("clients");
  assert.ok(!JSON.stringify(createdEntry).includes(client.client_secret), "the audit log never holds the secret");

  const badOrigin = await admin.request(`/api/admin/clients/${client.id}`, {
    method: "PUT",
    json: { allowed_origins: ["web.example.com/path"] },
  });
  assert.equal(badOrigin.status, 400);
  assert.equal((await badOrigin.json()).errors[0].param, "allowed_origins.0");
  const renamed = await admin.request(`/api/admin/clients/${client.id}`, {
    method: "PUT",
    json: { name: "Web app (new)", allowed_origins: ["https://new.example.com"] },
  });
  assert.deepEqual(
    [
      (await renamed.json()).name,
      (await db().apiClient.findUniqueOrThrow({ where: { id: client.id } })).allowedOrigins,
    ],
    ["Web app (new)", ["https://new.example.com"]],
  );

  const rotated = await (await admin.request(`/api/admin/clients/${client.id}/rotate`, { method: "POST" })).json();
  assert.notEqual(rotated.client_secret, client.client_secret);
  assert.equal(
    (await app.fetch("/client/v1/settings", { headers: credentials })).status,
    401,
    "the old secret stops at once",
  );
  const newCredentials = { ...credentials, "X-Client-Secret": rotated.client_secret };
  assert.equal((await app.fetch("/client/v1/settings", { headers: newCredentials })).status, 200);

  const revoked = await (await admin.request(`/api/admin/clients/${client.id}/revoke`, { method: "POST" })).json();
  assert.equal(revoked.active, false);
  assert.ok(revoked.revoked_at);
  assert.equal((await app.fetch("/client/v1/settings", { headers: newCredentials })).status, 401);
  assert.equal((await admin.request(`/api/admin/clients/${client.id}/rotate`, { method: "POST" })).status, 400);
  assert.deepEqual(
    (
      await db().auditLog.findMany({
        where: { resource: "clients", resourceId: String(client.id) },
        orderBy: { id: "asc" },
      })
    ).map((e) => e.action),
    ["create", "update", "rotate_secret", "revoke"],
  );
});

test("customers: search, filters, detail with events, CSV export; never a hash or token", async () => {
  const now = Date.now();
  const old = await db().customer.create({
    data: {
      email: "=old.timer@example.org",
      passwordHash: "$argon2id$hash",
      source: "import",
      createdAt: new Date("2025-01-15T10:00:00Z"),
    },
  });
  const fresh = await db().customer.create({
    data: {
      email: "fresh@example.org",
      passwordHash: "$argon2id$hash",
      emailVerifiedAt: new Date(now),
      registeredVia: null,
    },
  });
  await db().customerEvent.createMany({
    data: [
      {
        customerId: fresh.id,
        type: "register",
        outcome: "success",
        email: fresh.email,
        ip: "203.0.113.9",
        userAgent: "App/1",
        fingerprint: "fp-1",
      },
      {
        customerId: fresh.id,
        type: "login_failed",
        outcome: "failure",
        email: fresh.email,
        ip: "203.0.113.9",
        userAgent: "App/1",
        fingerprint: "fp-1",
      },
    ],
  });

  const list = async (filter: object) => {
    const response = await compliance.request(
      `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify(filter) })}`,
    );
    assert.equal(response.status, 200);
    return ((await response.json()) as { email: string }[]).map((c) => c.email);
  };
  assert.deepEqual(await list({ q: "FRESH@" }), ["fresh@example.org"]);
  assert.deepEqual(await list({ verified: true }), ["fresh@example.org"]);
  assert.ok((await list({ verified: false })).includes("=old.timer@example.org"));
  assert.deepEqual(await list({ source: "import" }), ["=old.timer@example.org"]);
  assert.deepEqual(await list({ source: "elsewhere" }), [], "a source that does not exist matches nobody");
  assert.deepEqual(await list({ created_gte: "2025-01-15", created_lte: "2025-01-15" }), ["=old.timer@example.org"]);
  assert.deepEqual(await list({ created_lte: "2025-01-14" }), []);

  const detail = await compliance.request(`/api/admin/customers/${fresh.id}`);
  const text = await detail.text();
  assert.ok(!/password|hash|token/i.test(text), "no secrets in the detail");
  const customer = JSON.parse(text);
  assert.equal(customer.verified, true);
  assert.deepEqual(
    customer.events
      .map((e: { type: string; ip: string; user_agent: string; fingerprint: string }) => [
        e.type,
        e.ip,
        e.user_agent,
        e.fingerprint,
      ])
      .sort(),
    [
      ["login_failed", "203.0.113.9", "App/1", "fp-1"],
      ["register", "203.0.113.9", "App/1", "fp-1"],
    ],
  );

  const csv = await compliance.request("/api/admin/customers/export", {
    method: "POST",
    json: { filter: { source: "import" } },
  });
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("content-type")!, /^text\/csv/);
  assert.match(csv.headers.get("content-disposition")!, /attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/);
  const lines = (await csv.text()).trim().split("\r\n");
  assert.equal(
    lines[0],
    "id,email,verified,email_verified_at,source,registered_via,registered_via_name,created_at,closed_at,status," +
      "given_names,family_name,date_of_birth,phone,address_line1,address_line2,address_city,address_region,address_postcode,address_country,country_of_residence,nationality,profile_updated_at,kyc_status,risk_rating,pep,sanctions_hit,legal_hold_since",
  );
  assert.deepEqual(
    lines.slice(1),
    [
      `${old.id},'=old.timer@example.org,false,,import,,,2025-01-15T10:00:00.000Z,,active,,,,,,,,,,,,,,not_submitted,,false,false,`,
    ],
    "a formula-looking cell is made inert",
  );
  const exported = await latestAudit("customers");
  assert.equal(exported?.action, "export");
  assert.equal(exported?.staffId, compliance.staff.id);
  assert.deepEqual(exported?.after, { filter: { source: "import" }, rows: 1 });
  // A search, an address or a fingerprint is personal data: the entry keeps only that one was given
  // (docs/security.md, the hash chain), and no key customerFilter does not read.
  const searched = await compliance.request("/api/admin/customers/export", {
    method: "POST",
    json: { filter: { q: "old.timer", ip: "203.0.113.9", verified: false, note: "x".repeat(100) } },
  });
  assert.equal(searched.status, 200);
  const narrowed = (await latestAudit("customers"))?.after as { filter: unknown };
  assert.deepEqual(narrowed.filter, { ip: "given", q: "given", verified: false });

  assert.equal((await operations.request("/api/admin/customers/export", { method: "POST", json: {} })).status, 403);
  assert.equal((await compliance.request("/api/admin/customers/999999")).status, 404);
});

test("staff: admin creates (password generated once), changes role and deactivates; the session ends at once", async () => {
  const created = await admin.request("/api/admin/staff", {
    method: "POST",
    json: { email: "New.Person@Staff.Example.org", name: "New Person", role: "operations" },
  });
  assert.equal(created.status, 201);
  const member = await created.json();
  assert.equal(member.email, "new.person@staff.example.org");
  assert.ok(member.password.length >= 16, "a generated password, shown this once");
  assert.equal(member.password_hash, undefined);
  assert.equal((await (await admin.request(`/api/admin/staff/${member.id}`)).json()).password, undefined);
  assert.ok(!JSON.stringify(await latestAudit("staff")).includes(member.password));

  const duplicate = await admin.request("/api/admin/staff", {
    method: "POST",
    json: { email: member.email, role: "admin" },
  });
  assert.deepEqual(
    (await duplicate.json()).errors.map((e: { param: string; code: string }) => [e.param, e.code]),
    [["email", "unique"]],
  );
  const badRole = await admin.request("/api/admin/staff", {
    method: "POST",
    json: { email: "x@staff.example.org", role: "root" },
  });
  assert.equal((await badRole.json()).errors[0].param, "role");
  const roles = async (role: string) => {
    const response = await admin.request(
      `/api/admin/staff?${new URLSearchParams({ filter: JSON.stringify({ role }) })}`,
    );
    assert.equal(response.status, 200);
    return ((await response.json()) as { role: string }[]).map((staff) => staff.role);
  };
  assert.ok((await roles("operations")).every((role) => role === "operations"));
  assert.deepEqual(await roles("root"), [], "a role that does not exist matches nobody");

  const signedIn = await signIn(app, member.email, member.password);
  assert.equal(signedIn.status, 200);
  const theirs = (path: string) => fetch(`${app.url}${path}`, { headers: { Cookie: signedIn.jar.header() } });
  assert.equal((await theirs("/api/admin/customers")).status, 403);

  await admin.request(`/api/admin/staff/${member.id}`, { method: "PUT", json: { role: "compliance" } });
  assert.equal((await theirs("/api/admin/customers")).status, 200, "a new role applies to the open session");

  const deactivated = await admin.request(`/api/admin/staff/${member.id}`, { method: "PUT", json: { active: false } });
  assert.equal((await deactivated.json()).active, false);
  assert.equal((await theirs("/api/admin/customers")).status, 401, "deactivation ends the session");
  assert.equal((await signIn(app, member.email, member.password, { "X-Forwarded-For": "198.51.100.2" })).status, 401);

  const selfLockout = await admin.request(`/api/admin/staff/${admin.staff.id}`, {
    method: "PUT",
    json: { active: false },
  });
  assert.equal(selfLockout.status, 403);
  // The member's sign-ins are entries about the account too (staff-sign-in-audit.test.ts).
  const actions = await db().auditLog.findMany({
    where: { resource: "staff", resourceId: String(member.id), action: { not: "sign_in" } },
    orderBy: { id: "asc" },
  });
  assert.deepEqual(
    actions.map((e) => [e.action, e.staffId]),
    [
      ["create", admin.staff.id],
      ["update", admin.staff.id],
      ["update", admin.staff.id],
    ],
  );
});

test("audit log: read-only, newest first, with who did it", async () => {
  const response = await compliance.request(
    `/api/admin/audit-log?${new URLSearchParams({ filter: '{"resource":"settings"}' })}`,
  );
  assert.equal(response.status, 200);
  const [newest] = await response.json();
  assert.equal(newest.resource, "settings");
  assert.equal(newest.staff_email, operations.staff.email);
  assert.ok(newest.before && newest.after);
  assert.equal((await compliance.request(`/api/admin/audit-log/${newest.id}`, { method: "DELETE" })).status, 405);
  assert.equal((await operations.request("/api/admin/audit-log")).status, 403);
});

test("audit log: action and resource filters take their enum's values; anything else is a 400 naming the filter", async () => {
  const list = (filter: Record<string, unknown>) =>
    compliance.request(`/api/admin/audit-log?${new URLSearchParams({ filter: JSON.stringify(filter) })}`);
  const updates = await list({ action: "update", resource: "settings" });
  assert.equal(updates.status, 200);
  const entries: { action: string; resource: string }[] = await updates.json();
  assert.ok(entries.length > 0);
  assert.ok(entries.every((entry) => entry.action === "update" && entry.resource === "settings"));
  assert.equal((await list({ action: "", resource: "" })).status, 200, "an empty filter is no filter");

  const hostile: [name: "action" | "resource", value: unknown][] = [
    ["action", "no_such_action"],
    ["action", "UPDATE"],
    ["action", "update "],
    ["action", "x".repeat(8_000)],
    ["action", "update\u0000"],
    ["action", "\u001b[2J"],
    ["action", ["update"]],
    ["action", { in: ["update"] }],
    ["action", 1],
    ["resource", "audit-log"],
    ["resource", "dashboard"],
    ["resource", "settings\u0007"],
    ["resource", "s".repeat(8_000)],
    ["resource", { not: "settings" }],
  ];
  for (const [name, value] of hostile) {
    const response = await list({ [name]: value });
    const label = `${name}=${JSON.stringify(value).slice(0, 60)}`;
    assert.equal(response.status, 400, label);
    const body = await response.json();
    assert.equal(body.type, "invalid_request_error", label);
    assert.ok(String(body.message).startsWith(`${name} must`), `${label}: ${body.message}`);
  }
  const unknown = await (await list({ action: "no_such_action" })).json();
  assert.match(unknown.message, /^action must be one of: .*\brevoke\b.*\brotate_secret\b/);
  const concurrent = await Promise.all(Array.from({ length: 6 }, () => list({ action: "y".repeat(8_000) })));
  assert.deepEqual(
    concurrent.map((response) => response.status),
    Array(6).fill(400),
  );
});

test("e-mail outbox: status and attempts without the bodies; a failed one can be sent again, its token kept out of the audit", async () => {
  // A real verification e-mail, its link's token against a letter, that failed to go.
  const customer = await registeredCustomer(app);
  await app.request("/client/v1/resend-verification", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(customer.token) },
    form: { email_verification_url: "https://app.example.com/verify/v:token" },
  });
  const queued = await db().emailOutbox.findFirstOrThrow({
    where: { toAddress: customer.email },
    orderBy: { createdAt: "desc" },
  });
  const token = openedBody(queued)?.token as string;
  assert.ok(openedBody(queued)?.text?.includes(`/verify/v${token}`));
  const failed = await db().emailOutbox.update({
    where: { id: queued.id },
    data: { status: "failed", attempts: 12, lastError: "bounced" },
  });
  const response = await operations.request(
    `/api/admin/outbox?${new URLSearchParams({ filter: '{"status":"failed"}' })}`,
  );
  const text = await response.text();
  assert.ok(!text.includes(token), "never the bodies");
  const [row] = JSON.parse(text);
  assert.deepEqual([row.id, row.status, row.attempts, row.last_error], [failed.id, "failed", 12, "bounced"]);
  for (const filter of [{ status: "bounced" }, { template: "welcome" }]) {
    const none = await operations.request(
      `/api/admin/outbox?${new URLSearchParams({ filter: JSON.stringify(filter) })}`,
    );
    assert.deepEqual(
      [none.status, await none.json()],
      [200, []],
      "a status or template that does not exist matches nothing",
    );
  }

  const retried = await operations.request(`/api/admin/outbox/${failed.id}/retry`, { method: "POST" });
  assert.equal(retried.status, 200);
  assert.deepEqual(
    [(await retried.json()).status, (await db().emailOutbox.findUniqueOrThrow({ where: { id: failed.id } })).attempts],
    ["pending", 0],
  );
  assert.equal(
    (await operations.request(`/api/admin/outbox/${failed.id}/retry`, { method: "POST" })).status,
    400,
    "only failed ones",
  );
  const entry = await latestAudit("outbox");
  assert.equal(entry?.action, "resend");
  assert.deepEqual(
    [entry?.before, entry?.after],
    [
      { template: failed.template, status: "failed", attempts: failed.attempts },
      { template: failed.template, status: "pending", attempts: 0 },
    ],
  );
  assert.ok(!JSON.stringify(entry).includes(failed.toAddress), "the entry holds no customer's address");
  assert.ok(!JSON.stringify(entry).includes(token), "the audit entry holds no live token");
  const verified = await app.request("/client/v1/verify-email", { method: "POST", form: { token } });
  assert.equal(verified.status, 200, "the token kept out was a live one");
});

test("failed sign-ins are limited per e-mail and per address, with a JSON 429", async () => {
  const staff = await makeStaff("admin");
  const from = { "X-Forwarded-For": "198.51.100.50" };
  for (let attempt = 1; attempt <= 5; attempt++) {
    assert.equal((await signIn(app, staff.email, "wrong password", from)).status, 401, `attempt ${attempt}`);
  }
  const limited = await signIn(app, staff.email, STAFF_PASSWORD, { "X-Forwarded-For": "198.51.100.51" });
  assert.equal(limited.status, 429, "even the right password, from elsewhere, once the e-mail is limited");
  assert.equal(limited.body.type, "rate_limit_error");

  const address = { "X-Forwarded-For": "198.51.100.60" };
  for (let attempt = 1; attempt <= 8; attempt++)
    await signIn(app, `nobody${attempt}@staff.example.org`, "wrong", address);
  const fromLimitedAddress = await signIn(app, (await makeStaff("admin")).email, STAFF_PASSWORD, address);
  assert.equal(fromLimitedAddress.status, 429);
  assert.equal(
    (await signIn(app, (await makeStaff("admin")).email, STAFF_PASSWORD)).status,
    200,
    "other addresses are unaffected",
  );
});

test("unknown admin paths are a JSON 404", async () => {
  const response = await admin.request("/api/admin/no-such-thing");
  assert.equal(response.status, 404);
  assert.equal((await response.json()).type, "invalid_request_error");
});

const CROSS_ORIGIN = { code: 403, type: "permission_error", message: "Cross-origin request refused" };
const OWN_ORIGIN = new URL(app.url).origin;
// Another port of the same host: another origin of the same site, whose requests carry the SameSite=Lax cookie.
const SAME_SITE_ORIGIN = `http://127.0.0.1:${Number(new URL(app.url).port) + 1}`;
let csrfCounter = 0;
const newStaffRecord = () => ({ email: `csrf.${++csrfCounter}@staff.example.org`, name: "Forged", role: "admin" });
const forgedStaff = () => db().staff.count({ where: { email: { startsWith: "csrf." } } });

test("a write from a page of another origin is a 403, whatever the session, and changes nothing", async () => {
  const foreign: Record<string, string>[] = [
    { Origin: SAME_SITE_ORIGIN },
    { Origin: "https://evil.example" },
    { Origin: OWN_ORIGIN.replace("http:", "https:") },
    { Origin: "null" },
    { Origin: "not an origin" },
    { Origin: `${OWN_ORIGIN}/${"a".repeat(8000)}` },
    { Origin: `${OWN_ORIGIN}, ${OWN_ORIGIN}` },
    { Origin: SAME_SITE_ORIGIN, "Sec-Fetch-Site": "same-origin" },
    { "Sec-Fetch-Site": "same-site" },
    { "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "none" },
  ];
  const before = await (await admin.request("/api/admin/locales/en_GB")).json();
  for (const headers of foreign) {
    for (const [method, path, json] of [
      ["POST", "/api/admin/staff", newStaffRecord()],
      ["PUT", `/api/admin/staff/${operations.staff.id}`, { role: "admin" }],
      ["DELETE", "/api/admin/locales/en_GB", undefined],
      ["POST", "/api/admin/clients/1/rotate", undefined],
    ] as const) {
      const response = await admin.request(path, { method, headers, json });
      assert.equal(response.status, 403, `${method} ${path} ${JSON.stringify(headers)}`);
      assert.deepEqual(await response.json(), CROSS_ORIGIN);
    }
  }
  assert.equal(await forgedStaff(), 0);
  assert.equal((await db().staff.findUniqueOrThrow({ where: { id: operations.staff.id } })).role, "operations");
  assert.deepEqual(await (await admin.request("/api/admin/locales/en_GB")).json(), before);
  assert.equal(
    (await admin.request("/api/admin/staff", { headers: { Origin: SAME_SITE_ORIGIN } })).status,
    200,
    "reads are not refused",
  );
});

test("a write from the service's own pages passes; a script sending neither Origin nor Sec-Fetch-Site is judged by its session", async () => {
  for (const headers of [{ Origin: OWN_ORIGIN }, { "Sec-Fetch-Site": "same-origin" }, {}] as Record<string, string>[]) {
    const response = await admin.request("/api/admin/staff", { method: "POST", headers, json: newStaffRecord() });
    assert.equal(response.status, 201, JSON.stringify(headers));
  }
  const noSession = await fetch(`${app.url}/api/admin/staff`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(newStaffRecord()),
  });
  assert.equal(noSession.status, 401);
  const wrongRole = await operations.request("/api/admin/staff", { method: "POST", json: newStaffRecord() });
  assert.equal(wrongRole.status, 403);
  assert.deepEqual(await wrongRole.json(), FORBIDDEN);
  assert.equal(await forgedStaff(), 3);
  await db().staff.deleteMany({ where: { email: { startsWith: "csrf." } } });
});

test("admin writes are JSON only: a form, text/plain, multipart or no Content-Type is a 415 and changes nothing", async () => {
  const record = newStaffRecord();
  const bodies: [string | null, string][] = [
    ["application/x-www-form-urlencoded", new URLSearchParams(record).toString()],
    ["text/plain", JSON.stringify(record)],
    [
      "multipart/form-data; boundary=x",
      `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${record.email}\r\n--x--`,
    ],
    [null, JSON.stringify(record)],
  ];
  for (const [type, body] of bodies) {
    const headers: Record<string, string> = { Cookie: admin.jar.header() };
    if (type) headers["Content-Type"] = type;
    const response = await fetch(`${app.url}/api/admin/staff`, {
      method: "POST",
      headers,
      body: new TextEncoder().encode(body),
    });
    assert.equal(response.status, 415, String(type));
    assert.deepEqual(await response.json(), {
      code: 415,
      type: "invalid_request_error",
      message: "Content-Type must be application/json",
    });
  }
  const bodiless = await admin.request("/api/admin/clients/1/rotate", {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
  });
  assert.equal(bodiless.status, 415, "a write without a body says it is JSON too");
  assert.equal(await forgedStaff(), 0);
  const withCharset = await admin.request("/api/admin/staff", {
    method: "POST",
    headers: { "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify(record),
  });
  assert.equal(withCharset.status, 201);
  await db().staff.deleteMany({ where: { email: { startsWith: "csrf." } } });
});

test("next-auth's own POSTs from another origin are refused: no sign-in, no sign-out", async () => {
  const staff = await makeStaff("admin");
  const signInFromElsewhere = await signIn(app, staff.email, STAFF_PASSWORD, {
    Origin: SAME_SITE_ORIGIN,
    "X-Forwarded-For": "198.51.100.70",
  });
  assert.equal(signInFromElsewhere.status, 403);
  assert.deepEqual(signInFromElsewhere.body, CROSS_ORIGIN);
  assert.ok(!signInFromElsewhere.jar.names().some((name) => name.includes("session-token")));
  assert.equal(
    (await signIn(app, staff.email, STAFF_PASSWORD, { Origin: OWN_ORIGIN, "X-Forwarded-For": "198.51.100.70" })).status,
    200,
  );

  const { jar } = await staffSession(app, "compliance");
  const { csrfToken } = await (await fetch(`${app.url}/api/auth/csrf`, { headers: { Cookie: jar.header() } })).json();
  const signOut = await fetch(`${app.url}/api/auth/signout`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Origin: SAME_SITE_ORIGIN },
    body: new URLSearchParams({ csrfToken, json: "true" }).toString(),
  });
  assert.equal(signOut.status, 403);
  jar.store(signOut);
  assert.equal(
    (await fetch(`${app.url}/api/admin/dashboard`, { headers: { Cookie: jar.header() } })).status,
    200,
    "still signed in",
  );
});

test("no admin answer may be stored by a cache: successes, refusals and errors alike", async () => {
  const answers = [
    await admin.request("/api/admin/staff"),
    await admin.request(`/api/admin/staff/${admin.staff.id}`),
    await compliance.request("/api/admin/staff"),
    await fetch(`${app.url}/api/admin/dashboard`),
    await admin.request("/api/admin/staff", { method: "POST", headers: { Origin: SAME_SITE_ORIGIN }, json: {} }),
    await admin.request("/api/admin/staff", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "{}" }),
    await admin.request("/api/admin/staff", { method: "POST", json: {} }),
    await admin.request("/api/admin/customers/export", { method: "POST", json: {} }),
  ];
  assert.deepEqual(
    answers.map((answer) => answer.status),
    [200, 200, 403, 401, 403, 415, 400, 200],
  );
  for (const answer of answers) assert.equal(answer.headers.get("cache-control"), "no-store", answer.url);
});
