/**
 * Hostile input over the whole admin API, signed in as an admin enrolled in two-factor: every
 * route under app/api/admin (read off the disk, so a new route is covered without a word here),
 * every method, malformed ids, bodies and list parameters. Whatever comes in, the answer is never
 * a 5xx and always JSON (a CSV export and the bodiless HEAD/OPTIONS aside). The first tests pin
 * what once answered 500 (issue 23, item 7) to a 400 naming the parameter.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { db, startTestApp } from "./support/app";
import { registeredCustomer } from "./support/accounts";
import { makeStaff, STAFF_PASSWORD, staffSession } from "./support/staff";

const app = await startTestApp();
const admin = await staffSession(app, "admin");

// The ids the routes are called with: one of a record that exists (so a body gets past the 404 and
// is read), then the hostile ones.
const victimStaff = await makeStaff("operations");
const victimCustomer = await registeredCustomer(app);
const fuzzClient = await admin.request("/api/admin/clients", {
  method: "POST",
  json: { name: "Fuzz client", allowed_origins: ["https://fuzz.example"] },
});
const fuzzLocale = await admin.request("/api/admin/locales", { method: "POST", json: { id: "fz_FZ", label: "Fuzz" } });
const fuzzZone = await admin.request("/api/admin/timezones", {
  method: "POST",
  json: { id: "Pacific/Chatham", label: "Chatham" },
});
const SOUND_IDS: Record<string, string> = {
  "audit-log": String((await db().auditLog.findFirstOrThrow()).id),
  clients: String((await fuzzClient.json()).id),
  countries: String((await db().country.findFirstOrThrow()).id),
  customers: String((await db().customer.findUniqueOrThrow({ where: { email: victimCustomer.email } })).id),
  locales: (await fuzzLocale.json()).id,
  outbox: (await db().emailOutbox.findFirstOrThrow()).id,
  settings: "1",
  staff: String(victimStaff.id),
  timezones: encodeURIComponent((await fuzzZone.json()).id),
};

/** A body each write accepts as it stands, so that one hostile field is all that is wrong with it. */
const SOUND_BODIES: Record<string, Record<string, unknown>> = {
  "POST clients": { name: "Fuzz", allowed_origins: ["https://fuzz.example"] },
  "PUT clients/[id]": { name: "Fuzz", allowed_origins: ["https://fuzz.example"] },
  "PUT countries/[id]": { known_name: "Fuzzland", official_name: "Fuzzland", isd_code: 99, slug: "fuzzland" },
  "POST customers/[id]/block": { reason: "fuzz" },
  "POST customers/[id]/unblock": { reason: "fuzz" },
  "POST customers/[id]/resend-verification": { reason: "fuzz" },
  "POST customers/[id]/revoke-sessions": { reason: "fuzz" },
  "POST customers/[id]/kyc": { status: "rejected", reason: "fuzz", profile_updated_at: null, review_version: 0 },
  "POST customers/[id]/risk": {
    risk_rating: "low",
    pep: false,
    sanctions_hit: false,
    reason: "fuzz",
    profile_updated_at: null,
    review_version: 0,
  },
  "POST customers/[id]/reset-mfa": { reason: "fuzz" },
  "POST customers/[id]/legal-hold": { hold: true, reason: "fuzz" },
  "POST customers/export": { filter: { kyc_status: "pending_review" } },
  "POST clients/[id]/webhooks": { url: "https://hooks.example.org/remit", events: ["customer.registered"] },
  "PUT clients/[id]/webhooks/[wid]": {
    url: "https://hooks.example.org/remit",
    events: ["customer.registered"],
    enabled: true,
  },
  "POST locales": { id: "fz_ZZ", label: "Fuzz", enabled: true, position: 1 },
  "PUT locales/[id]": { label: "Fuzz", enabled: true, position: 1 },
  "POST timezones": { id: "Pacific/Kiritimati", label: "Fuzz", enabled: true, position: 1 },
  "PUT timezones/[id]": { label: "Fuzz", enabled: true, position: 1 },
  "POST me/mfa/totp/confirm": { code: "000000" },
  "POST me/password": { current_password: "not the password", password: "a new password 456" },
  "POST password/forgot": { email: "nobody@example.org" },
  "POST password/reset": { token: "no such token", password: "a new password 456" },
  "PUT settings/[id]": {
    trading_name: "Fuzz",
    company_name: "Fuzz Ltd",
    tag_line: "Fuzz",
    license: "Fuzz",
    cs_number: "+44 20 7946 0000",
    cs_email: "help@example.org",
    hq_address: "1 Fuzz Street",
    hq_city: "London",
    hq_region: "",
    hq_postcode: "E1 1AA",
    hq_country: "United Kingdom",
  },
  "POST staff": { email: "fuzz@staff.example.org", name: "Fuzz", role: "operations", password: STAFF_PASSWORD },
  "PUT staff/[id]": { name: "Fuzz", role: "operations", active: true },
};

const LISTS = ["audit-log", "clients", "countries", "customers", "locales", "outbox", "staff", "timezones"];
const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([name, value]) => [name, JSON.stringify(value)])).toString();

/** POST /api/admin/customers/export with `body`. */
const exportCustomers = (body: Record<string, unknown>) =>
  admin.request("/api/admin/customers/export", { method: "POST", json: body });

/** A 400 invalid_request_error whose message starts with the parameter's name. */
async function assertRefused(response: Response, param: string, label: string) {
  assert.equal(response.status, 400, label);
  const body = await response.json();
  assert.equal(body.type, "invalid_request_error", label);
  const named = [body.message, ...(body.errors ?? []).map((error: { param: string }) => error.param)];
  assert.ok(
    named.some((text: string) => text.startsWith(param)),
    `${label}: names ${param} in ${JSON.stringify(body)}`,
  );
  return body;
}

test("sort by a name the prototype chain knows is a 400 naming sort, on every list", async () => {
  for (const list of LISTS) {
    for (const field of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"]) {
      const response = await admin.request(`/api/admin/${list}?${query({ sort: [field, "ASC"] })}`);
      await assertRefused(response, "sort", `${list} sorted by ${field}`);
    }
  }
});

test("a range whose start does not fit a page offset, or lies past the first 10,000 rows, is a 400 naming range", async () => {
  for (const list of LISTS) {
    for (const range of [
      [1e21, 1e21],
      [1e300, 1e300],
      [2 ** 53, 2 ** 53],
      [0, 1e21],
    ]) {
      const response = await admin.request(`/api/admin/${list}?${query({ range })}`);
      await assertRefused(response, "range", `${list} range ${JSON.stringify(range)}`);
    }
  }
  for (const list of LISTS) {
    const farPage = await admin.request(`/api/admin/${list}?${query({ range: [1_000_000, 1_000_024] })}`);
    await assertRefused(farPage, "range", `${list}: a page past the first 10,000 rows`);
  }
});

test("a NUL, another control character or a lone surrogate in a filter is a 400 naming the filter", async () => {
  const filters: [string, Record<string, unknown>][] = [
    ...LISTS.map((list): [string, Record<string, unknown>] => [list, { q: "a\u0000b" }]),
    ["audit-log", { resource: "\u0000" }],
    ["audit-log", { action: ["\u0000"] }],
    ["audit-log", { resource_id: [["\u0000"]] }],
    ["audit-log", { email: "\ud800" }],
    ["outbox", { id: "\u0000" }],
    ["locales", { id: ["en_GB", "\u001b"] }],
    ["customers", { fingerprint: "fp\u0000" }],
  ];
  for (const [list, filter] of filters) {
    const response = await admin.request(`/api/admin/${list}?${query({ filter })}`);
    const [key] = Object.keys(filter);
    await assertRefused(response, key, `${list} ${JSON.stringify(filter)}`);
  }
  // The customers' export takes the list's filter in its body, held to the same rules.
  for (const filter of [{ q: "\u0000" }, { fingerprint: ["\u001b"] }, { "a\u0000": 1 }, { ip: "\ud800" }]) {
    const response = await exportCustomers({ filter });
    await assertRefused(response, Object.keys(filter)[0], `customers/export ${JSON.stringify(filter)}`);
  }
  for (const filter of [[], "{}", null, 1]) {
    await assertRefused(
      await exportCustomers({ filter }),
      "filter",
      `customers/export filter ${JSON.stringify(filter)}`,
    );
  }
  const tab = await admin.request(`/api/admin/customers?${query({ filter: { q: "a\tb" } })}`);
  assert.equal(tab.status, 200, "a tab is text like any other");
});

test("created_gte and created_lte outside the dates the database holds are a 400 naming them", async () => {
  for (const name of ["created_gte", "created_lte"]) {
    for (const date of ["+275760-09-13", "-271821-04-20", "10000-01-01", "0000-01-01", "-000001-01-01", 1e15]) {
      const listed = await admin.request(`/api/admin/customers?${query({ filter: { [name]: date } })}`);
      await assertRefused(listed, name, `customers ${name}=${date}`);
      await assertRefused(
        await exportCustomers({ filter: { [name]: date } }),
        name,
        `customers/export ${name}=${date}`,
      );
    }
  }
  const bounds = await admin.request(
    `/api/admin/customers?${query({ filter: { created_gte: "0001-01-01", created_lte: "9999-12-31" } })}`,
  );
  assert.equal(bounds.status, 200, "the first and last days of four-digit years are dates");
});

test("a NUL, another control character or a lone surrogate in a stored text is a 400 invalid_characters naming the field", async () => {
  const customer = SOUND_IDS.customers;
  const writes: [method: string, path: string, body: Record<string, unknown>, param: string][] = [
    ["POST", `/api/admin/customers/${customer}/block`, { reason: "fraud\u0000" }, "reason"],
    ["POST", `/api/admin/customers/${customer}/revoke-sessions`, { reason: "lost phone \ud83d" }, "reason"],
    ["POST", `/api/admin/customers/${customer}/resend-verification`, { reason: "\u001b[2J" }, "reason"],
    [
      "POST",
      `/api/admin/customers/${customer}/kyc`,
      { ...SOUND_BODIES["POST customers/[id]/kyc"], reason: "bad\u0007" },
      "reason",
    ],
    [
      "POST",
      `/api/admin/customers/${customer}/kyc`,
      { ...SOUND_BODIES["POST customers/[id]/kyc"], profile_updated_at: "2026-01-01T00:00:00.000Z\u0000" },
      "profile_updated_at",
    ],
    [
      "POST",
      `/api/admin/customers/${customer}/risk`,
      { ...SOUND_BODIES["POST customers/[id]/risk"], reason: "\ud800" },
      "reason",
    ],
    ["POST", `/api/admin/customers/${customer}/legal-hold`, { hold: true, reason: "court\u009b" }, "reason"],
    ["PUT", "/api/admin/settings/1", { ...SOUND_BODIES["PUT settings/[id]"], tag_line: "Send\u0000" }, "tag_line"],
    ["PUT", "/api/admin/settings/1", { ...SOUND_BODIES["PUT settings/[id]"], hq_region: "\u007f" }, "hq_region"],
    ["PUT", `/api/admin/staff/${SOUND_IDS.staff}`, { name: "Eve\u0000" }, "name"],
    ["POST", "/api/admin/staff", { ...SOUND_BODIES["POST staff"], name: "\u0085Eve" }, "name"],
    ["PUT", `/api/admin/locales/${SOUND_IDS.locales}`, { label: "Fuzz\u0000" }, "label"],
    ["POST", "/api/admin/locales", { id: "fy_FY", label: "\udfffFuzz" }, "label"],
    ["PUT", `/api/admin/countries/${SOUND_IDS.countries}`, { endonym: "Land\u0000" }, "endonym"],
    ["PUT", `/api/admin/clients/${SOUND_IDS.clients}`, { name: "App\u0000" }, "name"],
  ];
  for (const [method, path, json, param] of writes) {
    const response = await admin.request(path, { method, json });
    const body = await assertRefused(response, param, `${method} ${path} ${param}`);
    assert.deepEqual(
      body.errors.map((error: { param: string; code: string }) => `${error.param}:${error.code}`),
      [`${param}:invalid_characters`],
      `${method} ${path}`,
    );
  }
  const customerRecord = await db().customer.findUniqueOrThrow({ where: { email: victimCustomer.email } });
  assert.equal(customerRecord.blockedAt, null, "nothing was done");
  assert.equal(customerRecord.legalHoldSince, null, "no hold was set");
  const kept = await admin.request(`/api/admin/locales/${SOUND_IDS.locales}`, {
    method: "PUT",
    json: { label: "Tab\tand\nnewline" },
  });
  assert.equal(kept.status, 200, "tab and newline are text");
});

test("six deletions of one locale at once: one 200, the others 404, none a 500", async () => {
  const created = await admin.request("/api/admin/locales", { method: "POST", json: { id: "fd_FD", label: "Gone" } });
  assert.equal(created.status, 201);
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => admin.request("/api/admin/locales/fd_FD", { method: "DELETE" })),
  );
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 404, 404, 404, 404, 404]);
  assert.equal(await db().auditLog.count({ where: { resource: "locales", action: "delete", resourceId: "fd_FD" } }), 1);
});

test("GET of the credentials sign-in callback is a JSON 405, not next-auth's error", async () => {
  for (const method of ["GET", "HEAD"]) {
    const response = await fetch(`${app.url}/api/auth/callback/credentials`, { method });
    assert.equal(response.status, 405, method);
    assert.match(response.headers.get("allow") ?? "", /POST/);
    if (method === "GET") assert.equal((await response.json()).type, "invalid_request_error");
  }
});

const HOSTILE_IDS = ["1e21", "2147483648", "%00", "1%00", "%07", "%ED%A0%80", "__proto__", "x".repeat(2000)];

/** Every route of the admin API as its folders spell it, e.g. ["customers", "[id]", "block"]. */
function adminRoutes(dir = "app/api/admin", segments: string[] = []): string[][] {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  const routes = entries.some((entry) => entry.isFile() && entry.name === "route.ts") ? [segments] : [];
  for (const entry of entries.filter((entry) => entry.isDirectory())) {
    routes.push(...adminRoutes(path.join(dir, entry.name), [...segments, entry.name]));
  }
  return routes;
}

/** A folder that names one record: [id], and a webhook endpoint's [wid] and a delivery's [did] under it. */
const IDENTIFIER = /^\[\w+\]$/;

function pathOf(segments: string[], id: string): string {
  const resource = segments[0];
  return `/api/admin/${segments
    .map((segment) => (segment === "[...path]" ? `no/such/${id}` : IDENTIFIER.test(segment) ? id : segment))
    .join("/")}`.replace("{sound}", SOUND_IDS[resource] ?? "1");
}

// Every string a text field or filter could be sent, and the other JSON a field could be.
const HOSTILE_TEXT = [
  "\u0000",
  "a\u0000b",
  "\u0001\u0007\u001b[31m",
  "\u007f\u0085\u009b",
  "line\r\nbreak",
  "\ud800",
  "x\udfff",
  "\u202e\ufeff",
  "x".repeat(5000),
  "'; DROP TABLE staff; --",
  "%00",
  "__proto__",
  "9999-99-99",
  "+275760-09-13T00:00:00Z",
  "-271821-04-20",
  "1e21",
  "NaN",
  "   ",
];
const deepArray = (depth: number) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`);
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_TEXT,
  1e21,
  1e300,
  -1,
  2 ** 31,
  2 ** 53 + 2,
  0.5,
  true,
  null,
  [],
  ["\u0000"],
  [[["\u0000"]]],
  {},
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  { contains: "a" },
  deepArray(500),
];

// Bodies that are not a JSON object, or not JSON at all, or too deep or too long to read.
const RAW_BODIES: (string | Uint8Array<ArrayBuffer>)[] = [
  "",
  "{",
  "null",
  "[]",
  "1",
  '"x"',
  '{"__proto__":{"polluted":true}}',
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  `{"a":${'{"a":'.repeat(10_000)}1${"}".repeat(10_001)}`,
  "\ufeff{}",
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  `{"name":"${"x".repeat(70_000)}"}`,
];

// Names a list might filter by.
const FILTER_KEYS = [
  "q",
  "id",
  "email",
  "ip",
  "fingerprint",
  "created_gte",
  "created_lte",
  "verified",
  "status",
  "source",
  "resource",
  "action",
  "resource_id",
  "staff_id",
  "outcome",
  "role",
  "active",
  "enabled",
  "template",
  "kyc_status",
  "risk_rating",
  "pep",
  "sanctions_hit",
  "country_of_residence",
  "legal_hold",
];
const HOSTILE_SORTS: unknown[] = [
  ["__proto__", "ASC"],
  ["id", "__proto__"],
  ["id", 7],
  [null],
  [["id"]],
  { 0: "id" },
  "id",
  ["\u0000", "ASC"],
  ["id", "\ud800"],
];
const HOSTILE_RANGES: unknown[] = [
  [1e21, 1e21],
  [0, 1e300],
  [-1, 5],
  [0.5, 1],
  ["0", "1"],
  [2 ** 31, 2 ** 31],
  [0],
  {},
  null,
  [5, 2],
];

type Case = { method: string; path: string; body?: string | Uint8Array<ArrayBuffer>; contentType?: string };

// Which field or filter each hostile value goes to is drawn at random, from a seed the failure
// names: HOSTILE_INPUT_SEED=<seed> replays a run.
const SEED = Number(process.env.HOSTILE_INPUT_SEED ?? Math.floor(Math.random() * 2 ** 32));
let state = SEED;
/** One of `items`, drawn by mulberry32 from SEED. */
function pick<T>(items: T[]): T {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return items[Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * items.length)];
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const writes = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

/** `count` of `items`, drawn without repeats (each run tries another share of the hostile inputs everywhere). */
function sample<T>(items: T[], count: number): T[] {
  const left = [...items];
  return Array.from({ length: Math.min(count, left.length) }, () => left.splice(left.indexOf(pick(left)), 1)[0]);
}

/**
 * Every method of every route, with a sound id (a DELETE with an id that names nothing, so that
 * no record goes before the deeper cases): what the route does not handle answers 405.
 */
function everyMethod(): (Case & { segments: string[] })[] {
  return adminRoutes().flatMap((segments) =>
    METHODS.map((method) => ({
      segments,
      method,
      path: pathOf(segments, method === "DELETE" ? "0" : "{sound}"),
      ...(writes(method) ? { body: "{}" } : {}),
    })),
  );
}

/**
 * What a method a route handles is sent: each hostile id, and for a write some raw bodies, every
 * field with a hostile value and a dozen hostile values in a field; for a list each hostile sort,
 * range and raw parameter, every filter name with a hostile value and a dozen hostile values under
 * a filter name. Writes that delete come last, so that what they remove is there for the rest.
 */
function deepCases(segments: string[], method: string): Case[] {
  const cases: Case[] = [];
  const route = segments.join("/");
  const target = pathOf(segments, "{sound}");
  const body = writes(method) ? { body: "{}" } : {};
  if (segments.some((segment) => IDENTIFIER.test(segment)))
    for (const id of HOSTILE_IDS) cases.push({ method, path: pathOf(segments, id), ...body });
  if (writes(method)) {
    cases.push({ method, path: target, body: "{}", contentType: "text/plain" });
    cases.push({ method, path: target, body: "a=1", contentType: "application/x-www-form-urlencoded" });
    for (const raw of sample(RAW_BODIES, 5)) cases.push({ method, path: target, body: raw });
    const sound = SOUND_BODIES[`${method} ${route}`] ?? {};
    const names = Object.keys(sound).length > 0 ? Object.keys(sound) : ["name", "reason", "email", "id"];
    const withField = (name: string, value: unknown) => ({
      method,
      path: target,
      body: JSON.stringify({ ...sound, [name]: value }),
    });
    for (const name of names) cases.push(withField(name, pick(HOSTILE_VALUES)));
    for (const value of sample(HOSTILE_VALUES, 12)) cases.push(withField(pick(names), value));
  } else if (!route.includes("[")) {
    const withParams = (params: Record<string, unknown>) => ({ method, path: `${target}?${query(params)}` });
    for (const sort of HOSTILE_SORTS) cases.push(withParams({ sort }));
    for (const range of HOSTILE_RANGES) cases.push(withParams({ range }));
    for (const raw of ["sort=%7B", "range=%00", "filter=%ED%A0%80", "filter=[]", "filter=null", "filter=%22%00%22"]) {
      cases.push({ method, path: `${target}?${raw}` });
    }
    for (const key of FILTER_KEYS) cases.push(withParams({ filter: { [key]: pick(HOSTILE_VALUES) } }));
    for (const value of sample(HOSTILE_VALUES, 12)) cases.push(withParams({ filter: { [pick(FILTER_KEYS)]: value } }));
  }
  return cases;
}

/** The answer's status, and what is wrong with it unless it is a JSON answer below 500. */
async function answerTo(hostile: Case): Promise<{ status: number; problem?: string }> {
  const headers = hostile.contentType ? { "Content-Type": hostile.contentType } : undefined;
  const response = await admin.request(hostile.path, { method: hostile.method, headers, body: hostile.body });
  const { status } = response;
  const text = await response.text();
  if (status >= 500) return { status, problem: `${status} ${text.slice(0, 200)}` };
  if (hostile.method === "HEAD" || status === 204) return { status };
  if (status === 200 && hostile.path.startsWith("/api/admin/customers/export")) return { status };
  if (!/^application\/json/.test(response.headers.get("content-type") ?? "")) {
    return { status, problem: `${status} ${response.headers.get("content-type")}: ${text.slice(0, 200)}` };
  }
  try {
    JSON.parse(text);
  } catch {
    return { status, problem: `${status} not JSON: ${text.slice(0, 200)}` };
  }
  return { status };
}

/** Sends `cases` four at a time, as a browser does; what is wrong with each answer goes to `problems`. */
async function send(cases: Case[], problems: string[], answered?: (hostile: Case, status: number) => void) {
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const hostile = cases[next++];
      const { problem, status } = await answerTo(hostile);
      answered?.(hostile, status);
      const shown = typeof hostile.body === "string" ? hostile.body.slice(0, 120) : hostile.body ? "(bytes)" : "";
      if (problem) problems.push(`${hostile.method} ${hostile.path.slice(0, 200)} ${shown} → ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

test("every admin route, every method, hostile ids, bodies and list parameters: never a 5xx, always JSON", async (t) => {
  const problems: string[] = [];
  const handled: Case[] = [];
  const floor = everyMethod();
  await send(floor, problems, (hostile, status) => {
    if (status !== 405 && !["HEAD", "OPTIONS"].includes(hostile.method)) handled.push(hostile);
  });
  // The catch-all answers 404 whatever it is sent.
  const cases = floor
    .filter((hostile) => handled.includes(hostile) && !hostile.segments.includes("[...path]"))
    .flatMap((hostile) => deepCases(hostile.segments, hostile.method))
    .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
  await send(cases, problems);
  t.diagnostic(`${floor.length + cases.length} requests, HOSTILE_INPUT_SEED=${SEED}`);
  assert.deepEqual(problems, [], `${problems.length} answers (HOSTILE_INPUT_SEED=${SEED})`);
  const stillSignedIn = await admin.request("/api/admin/dashboard");
  assert.equal(stillSignedIn.status, 200, "the admin's session outlived it all");
});
