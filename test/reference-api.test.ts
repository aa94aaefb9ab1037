import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { COUNTRY_FIELDS } from "./support/contract";
import { bumpVersion, changedHere } from "@/lib/platform/cache/versioned-cache";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { revokeApiClient } from "@/lib/domain/api-clients/revoke-api-client";
import { parseExposition, scrapeMetrics, serverPids, total } from "@/tooling/metrics-scrape";
import { until } from "./support/until";
import { LEGACY_ZONES } from "./support/time-zones";
import { readSettingsBody } from "@/lib/domain/reference-data/read-settings";
import { TZ_DATABASE_VERSION, ianaZones, utcOffset } from "@/lib/domain/reference-data/timezone-offsets";

const METRICS_TOKEN = "metrics-token-for-this-test";
const app = await startTestApp({ METRICS_TOKEN });

const INVALID_CLIENT = { code: 401, type: "authentication_error", message: "Invalid client credentials" };

test("every country, with exactly the contract's fields, ordered by known name", async () => {
  const response = await app.request("/client/v1/countries");
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type")!, /application\/json/);
  const body = await response.json();
  assert.equal(body.code, 200);
  assert.equal(body.message, "Success");
  assert.equal(body.countries.length, 250);
  for (const country of body.countries) assert.deepEqual(Object.keys(country), COUNTRY_FIELDS);
  const reference = JSON.parse(fs.readFileSync("prisma/seed/countries.json", "utf8"));
  assert.deepEqual(body.countries, reference, "same data and the same order as the checked reference list");
  const gb = body.countries.find((c: { iso_code_alpha2: string }) => c.iso_code_alpha2 === "GB");
  assert.deepEqual(gb, {
    known_name: "United Kingdom",
    official_name: "United Kingdom of Great Britain and Northern Ireland",
    endonym: "United Kingdom",
    demonym: "British",
    isd_code: 44,
    iso_code_alpha2: "GB",
    iso_code_alpha3: "GBR",
    fips_code: "UK",
    slug: "united-kingdom",
  });
});

test("source countries at both paths, the same body, only the flagged countries", async () => {
  const [a, b] = await Promise.all([app.request("/client/v1/sources"), app.request("/client/v1/countries/sources")]);
  assert.equal(a.status, 200);
  assert.equal(b.status, 200);
  const bodyA = await a.text();
  assert.equal(bodyA, await b.text());
  const codes = JSON.parse(bodyA).countries.map((c: { iso_code_alpha2: string }) => c.iso_code_alpha2);
  assert.deepEqual(codes, ["BE", "FR", "DE", "IE", "IT", "NL", "ES", "GB"]);
});

test("settings with business fields, locales and timezones", async () => {
  const response = await app.request("/client/v1/settings");
  assert.equal(response.status, 200);
  const { settings, code, message } = await response.json();
  assert.equal(code, 200);
  assert.equal(message, "Success");
  assert.deepEqual(Object.keys(settings), [
    "trading_name",
    "company_name",
    "tag_line",
    "license",
    "cs_number",
    "cs_email",
    "hq_address",
    "hq_city",
    "hq_region",
    "hq_postcode",
    "hq_country",
    "locales",
    "timezones",
  ]);
  assert.equal(settings.hq_region, "");
  assert.deepEqual(
    settings.locales.map((l: { id: string }) => l.id),
    ["en_GB", "en_US", "fr_FR", "es_ES", "pt_PT", "de_DE"],
  );
  const london = settings.timezones.find((z: { id: string }) => z.id === "Europe/London");
  assert.ok(["+00:00", "+01:00"].includes(london.offset), "GMT or BST");
  assert.deepEqual(london, { id: "Europe/London", offset: london.offset, nice: `(UTC${london.offset}) London` });
  const india = settings.timezones.find((z: { id: string }) => z.id === "Asia/Kolkata");
  assert.deepEqual(india, { id: "Asia/Kolkata", offset: "+05:30", nice: "(UTC+05:30) Kolkata" });
  for (const zone of settings.timezones) {
    assert.match(zone.id, /^[A-Za-z]+\/[A-Za-z0-9_\-+/]+$/);
    assert.match(zone.offset, /^[+-]\d{2}:\d{2}$/);
  }
});

test("every zone served is a current name of the tz database, and its offset is the database's", async () => {
  const { settings } = await (await app.request("/client/v1/settings")).json();
  const served: { id: string; offset: string; nice: string }[] = settings.timezones;
  const names = ianaZones();
  assert.equal(served.length, names.size);
  for (const zone of served)
    assert.ok(names.has(zone.id), `${zone.id} is a zone.tab name of tzdb ${TZ_DATABASE_VERSION}`);
  for (const [legacy, current] of Object.entries(LEGACY_ZONES)) {
    assert.ok(!served.some((zone) => zone.id === legacy), `${legacy} is not served`);
    assert.ok(
      served.some((zone) => zone.id === current),
      `${current} is served`,
    );
  }
  // The body is at most a minute old: compare with the offsets of both ends of that minute.
  const now = Date.now();
  for (const zone of served) {
    const expected = [utcOffset(zone.id, new Date(now - 61_000)), utcOffset(zone.id, new Date(now))];
    assert.ok(expected.includes(zone.offset), `${zone.id}: ${zone.offset}, not ${expected}`);
  }
  // From 2026-11-01 on (a clock set earlier skips this), British Columbia is on UTC−7 and Alberta on UTC−6.
  if (now >= Date.parse("2026-11-01T09:00:00Z")) {
    const offsetOf = (id: string) => served.find((zone) => zone.id === id)?.nice;
    assert.equal(offsetOf("America/Vancouver"), "(UTC-07:00) Vancouver");
    assert.equal(offsetOf("America/Edmonton"), "(UTC-06:00) Edmonton");
  }
});

test("the settings body at a fixed instant: Vancouver -07:00 and Edmonton -06:00 in November 2026", async () => {
  const body = await readSettingsBody(new Date("2026-11-25T12:00:00Z"));
  const zone = (id: string) => body.timezones.find((timezone) => timezone.id === id);
  assert.deepEqual(zone("America/Vancouver"), {
    id: "America/Vancouver",
    offset: "-07:00",
    nice: "(UTC-07:00) Vancouver",
  });
  assert.deepEqual(zone("America/Edmonton"), {
    id: "America/Edmonton",
    offset: "-06:00",
    nice: "(UTC-06:00) Edmonton",
  });
  assert.equal(zone("America/Los_Angeles")?.offset, "-08:00");
  assert.equal(zone("Europe/Kyiv")?.offset, "+02:00");
});

test("readiness names the tz database release", async () => {
  const response = await fetch(`${app.url}/api/health/ready`);
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.deepEqual(body, { status: "ok", tz_database: TZ_DATABASE_VERSION });
  assert.match(body.tz_database, /^20\d\d[a-z]$/);
  assert.ok(body.tz_database >= "2026b");
});

test("ETag and Cache-Control; If-None-Match answers 304 with no body", async () => {
  for (const path of ["/client/v1/countries", "/client/v1/sources", "/client/v1/settings"]) {
    const first = await app.request(path);
    const etag = first.headers.get("etag");
    assert.ok(etag, `${path} has an ETag`);
    assert.equal(first.headers.get("cache-control"), "private, no-cache");
    const again = await app.request(path, { headers: { "If-None-Match": etag! } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), "");
    const stale = await app.request(path, { headers: { "If-None-Match": '"something-else"' } });
    assert.equal(stale.status, 200);
  }
});

test("the prepared bytes reach every request whole, one after another and side by side", async () => {
  for (const path of ["/client/v1/countries", "/client/v1/sources", "/client/v1/settings"]) {
    const first = Buffer.from(await (await app.request(path)).arrayBuffer());
    assert.ok(first.length > 0, `${path} has a body`);
    const later = await Promise.all(
      Array.from({ length: 8 }, async () => Buffer.from(await (await app.request(path)).arrayBuffer())),
    );
    for (const body of later) assert.ok(body.equals(first), `${path} sends the same bytes every time`);
  }
});

test("missing, unknown, wrong and revoked client credentials are all the same 401", async () => {
  const cases: Record<string, string>[] = [
    {},
    { "X-Client-ID": app.client.clientId },
    { "X-Client-Secret": app.client.clientSecret },
    { "X-Client-ID": "cli_unknown", "X-Client-Secret": app.client.clientSecret },
    { "X-Client-ID": app.client.clientId, "X-Client-Secret": `${app.client.clientSecret}x` },
  ];
  for (const headers of cases) {
    const response = await app.fetch("/client/v1/countries", { headers });
    assert.equal(response.status, 401, JSON.stringify(headers));
    assert.deepEqual(await response.json(), INVALID_CLIENT);
  }

  const client = await createApiClient({ name: "Soon revoked", allowed_origins: ["https://app.example.com"] });
  const credentials = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };
  assert.equal((await app.fetch("/client/v1/settings", { headers: credentials })).status, 200);
  await revokeApiClient({ clientId: client.client_id });
  const revoked = await app.fetch("/client/v1/settings", { headers: credentials });
  assert.equal(revoked.status, 401, "revocation takes effect at once on the instance that made it");
  assert.deepEqual(await revoked.json(), INVALID_CLIENT);
});

test("the client's last use is recorded", async () => {
  const client = await createApiClient({ name: "Used once", allowed_origins: ["https://app.example.com"] });
  assert.equal(client.last_used_at, null);
  const response = await app.fetch("/client/v1/countries", {
    headers: { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret },
  });
  assert.equal(response.status, 200);
  // Written after the response, off the request's path.
  const lastUsedAt = await until(
    async () => (await db().apiClient.findUniqueOrThrow({ where: { id: client.id } })).lastUsedAt,
    Boolean,
    { timeoutMs: 1000 },
  );
  assert.ok(lastUsedAt!.getTime() >= Date.parse(client.created_at), "last_used_at is set by the request");
});

test("a change to reference data is served at once, with a new ETag", async () => {
  const before = await app.request("/client/v1/settings");
  const etag = before.headers.get("etag")!;
  await db().$transaction(async (tx) => {
    await tx.settings.update({ where: { id: 1 }, data: { tradingName: "Changed Remit" } });
    await bumpVersion(tx, "reference");
  });
  changedHere();
  const after = await app.request("/client/v1/settings", { headers: { "If-None-Match": etag } });
  assert.equal(after.status, 200);
  assert.notEqual(after.headers.get("etag"), etag);
  assert.equal((await after.json()).settings.trading_name, "Changed Remit");
});

test("unknown paths under /client/v1 are a JSON 404, whatever the method", async () => {
  for (const method of ["GET", "POST", "DELETE"]) {
    const response = await app.request("/client/v1/no-such-thing/here", { method });
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { code: 404, type: "invalid_request_error", message: "Unknown API path" });
  }
});

test("a method a route does not handle is a JSON 405 with Allow", async () => {
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    const response = await app.request("/client/v1/countries", { method });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get("allow"), "GET, HEAD, OPTIONS");
    assert.deepEqual(await response.json(), {
      code: 405,
      type: "invalid_request_error",
      message: "Method not allowed",
    });
  }
});

test("every response carries a request id", async () => {
  const ok = await app.request("/client/v1/countries");
  const denied = await app.fetch("/client/v1/countries");
  assert.match(ok.headers.get("x-request-id")!, /^[0-9a-f-]{36}$/);
  assert.match(denied.headers.get("x-request-id")!, /^[0-9a-f-]{36}$/);
  assert.notEqual(ok.headers.get("x-request-id"), denied.headers.get("x-request-id"));
});

test("countries are ordered by known name as people read it, whatever order they were added in", async () => {
  await db().$transaction(async (tx) => {
    await tx.country.create({
      data: {
        knownName: "Ålpha Test",
        officialName: "Ålpha Test",
        endonym: "",
        demonym: "",
        isdCode: 999,
        isoCodeAlpha2: "XA",
        isoCodeAlpha3: "XAA",
        fipsCode: "",
        slug: "alpha-test",
      },
    });
    await bumpVersion(tx, "reference");
  });
  changedHere();
  const names: string[] = (await (await app.request("/client/v1/countries")).json()).countries.map(
    (c: { known_name: string }) => c.known_name,
  );
  assert.deepEqual(names, [...names].sort(new Intl.Collator("en", { sensitivity: "base" }).compare));
  assert.equal(names[names.indexOf("Ålpha Test") - 1], "Algeria", "the newest country among the A's, not last");
});

test("/metrics answers only to METRICS_TOKEN", async () => {
  const metrics = (headers: Record<string, string>) => fetch(`${app.url}/metrics`, { headers });
  for (const headers of [{}, { Authorization: "Bearer not-the-token" }, { Authorization: METRICS_TOKEN }] as Record<
    string,
    string
  >[]) {
    const refused = await metrics(headers);
    assert.equal(refused.status, 401, JSON.stringify(headers));
    assert.equal((await refused.json()).message, "Missing or invalid metrics token");
  }
  const answered = await metrics({ Authorization: `Bearer ${METRICS_TOKEN}` });
  assert.equal(answered.status, 200);
  assert.match(answered.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
  const samples = parseExposition(await answered.text());
  assert.deepEqual(serverPids(samples), [process.pid]);
  assert.ok(total(samples, "process_resident_memory_bytes") > 0);
});

test("/metrics tells the CPU of password hashing from the event loop's", {
  skip: process.platform === "linux" ? false : "threads are told apart through /proc, on Linux only",
}, async () => {
  const { hashPassword } = await import("@/lib/domain/passwords/hash-password");
  const threadCpuMs = async () => {
    const { samples } = await scrapeMetrics(app.url, METRICS_TOKEN);
    return Object.fromEntries(
      ["database", "event_loop", "hashing", "other"].map((thread) => [
        thread,
        total(samples, "process_thread_cpu_seconds_total", { thread }) * 1000,
      ]),
    );
  };
  await hashPassword("started, so the window below sees hashing only");
  const before = await threadCpuMs();
  for (let i = 0; i < 10; i++) await hashPassword(`password ${i}`);
  const after = await threadCpuMs();
  const used = Object.fromEntries(Object.keys(after).map((thread) => [thread, after[thread] - before[thread]]));
  // Ten argon2id hashes take some 80 ms of CPU on the hashing threads.
  assert.ok(used.hashing >= 40, `hashing threads: ${JSON.stringify(used)}`);
  assert.ok(used.event_loop < used.hashing, `the event loop only waited: ${JSON.stringify(used)}`);
});
