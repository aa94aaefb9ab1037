/**
 * The customers' CSV export (POST /api/admin/customers/export { filter }, issue 38): streamed a
 * batch at a time, yet the same file as before (header, one row per customer, oldest id first,
 * CRLF); thousands of rows arrive complete with their number announced (`Export-Rows`) and
 * recorded; a filter of a status in its own order; concurrent exports each whole; a client that
 * leaves halfway leaves no query or transaction behind; a write (GET and HEAD 405, another origin
 * 403, nothing recorded); hostile bodies a 400 naming the problem.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCsv } from "@/lib/platform/csv";
import { db, startTestApp } from "./support/app";
import { staffSession } from "./support/staff";
import { until } from "./support/until";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const app = await startTestApp();
const compliance = await staffSession(app, "compliance");

// Five times the export's batch of 1,000, every 7th awaiting review, written straight into the database.
const MANY = 5000;
const stamp = Date.now();
await db().customer.createMany({
  data: Array.from({ length: MANY }, (_, index) => ({
    email: `export.${stamp}.${index}@example.org`,
    passwordHash: "not a hash",
    source: "import" as const,
    givenNames: index % 3 === 0 ? `=cmd ${index}` : `Name, "${index}"`,
    kycStatus: index % 7 === 0 ? ("pending_review" as const) : ("not_submitted" as const),
  })),
});
const everyId = (await db().customer.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((row) => row.id);
const pendingIds = (
  await db().customer.findMany({ where: { kycStatus: "pending_review" }, select: { id: true }, orderBy: { id: "asc" } })
).map((row) => row.id);

const exportOf = (body: unknown, init: RequestInit = {}) =>
  compliance.request("/api/admin/customers/export", { method: "POST", json: body, ...init });

const latestExport = () =>
  db().auditLog.findFirst({ where: { action: "export", resource: "customers" }, orderBy: { id: "desc" } });

/** The CSV's header and the ids of its rows, checking each row has a cell per column. */
function idsOf(text: string): { header: string[]; ids: number[] } {
  const [header, ...rows] = parseCsv(text).map((row) => row.fields);
  for (const row of rows) assert.equal(row.length, header.length, row.join(","));
  return { header, ids: rows.map((row) => Number(row[0])) };
}

test("every customer, more than five batches: complete, oldest first, announced and recorded", async () => {
  const response = await exportOf({});
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.match(
    response.headers.get("content-disposition") ?? "",
    /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  assert.equal(response.headers.get("export-rows"), String(everyId.length));
  const text = await response.text();
  assert.ok(text.endsWith("\r\n") && !text.endsWith("\r\n\r\n"), "each line ends in CRLF, no blank line");
  const { header, ids } = idsOf(text);
  assert.equal(header[0], "id");
  assert.deepEqual(ids, everyId, "each customer once, oldest id first, across batches");
  const rows = parseCsv(text).slice(1);
  const named = rows.find((row) => row.fields[0] === String(everyId.at(-1)));
  assert.ok(named, "the last customer is there");
  const given = header.indexOf("given_names");
  assert.ok(
    rows.some((row) => row.fields[given].startsWith("'=cmd")),
    "formula cells made inert",
  );
  assert.ok(
    rows.some((row) => /^Name, "\d+"$/.test(row.fields[given])),
    "commas and quotes kept",
  );
  const entry = await latestExport();
  assert.equal(entry?.staffId, compliance.staff.id);
  assert.deepEqual(entry?.after, { filter: {}, rows: everyId.length });
});

test("a status's customers (the review queue), read in id order batch after batch", async () => {
  const response = await exportOf({ filter: { kyc_status: "pending_review" } });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("export-rows"), String(pendingIds.length));
  assert.deepEqual(idsOf(await response.text()).ids, pendingIds);
  assert.deepEqual((await latestExport())?.after, {
    filter: { kyc_status: "pending_review" },
    rows: pendingIds.length,
  });
  const none = await exportOf({ filter: { kyc_status: "rejected", source: "api" } });
  assert.equal(none.headers.get("export-rows"), "0");
  assert.deepEqual(idsOf(await none.text()).ids, []);
});

test("concurrent exports each get the whole file, and each is recorded", async () => {
  const before = (await latestExport())?.id ?? 0;
  const filters = [{}, { kyc_status: "pending_review" }, {}, { kyc_status: "pending_review" }];
  const files = await Promise.all(
    filters.map(async (filter) => {
      const response = await exportOf({ filter });
      assert.equal(response.status, 200);
      return idsOf(await response.text()).ids;
    }),
  );
  for (const [index, filter] of filters.entries()) {
    assert.deepEqual(files[index], "kyc_status" in filter ? pendingIds : everyId);
  }
  const entries = await db().auditLog.count({ where: { action: "export", resource: "customers", id: { gt: before } } });
  assert.equal(entries, filters.length);
});

/** The service's statements still running or holding a transaction on the test database (PostgreSQL). */
async function busyBackends(): Promise<string[]> {
  const rows = await db().$queryRawUnsafe<{ state: string; query: string }[]>(
    `SELECT state, query FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'`,
  );
  return rows.map((row) => `${row.state}: ${row.query.slice(0, 120)}`);
}

test("a client that goes away halfway: the export is on record, no query or transaction is left behind, the service carries on", async () => {
  const before = (await latestExport())?.id ?? 0;
  const aborter = new AbortController();
  const response = await exportOf({}, { signal: aborter.signal });
  assert.equal(response.status, 200);
  const reader = response.body!.getReader();
  const first = await reader.read();
  assert.ok(first.value && first.value.byteLength > 0);
  aborter.abort();
  await reader.cancel().catch(() => {});
  const entry = await until(latestExport, (latest) => (latest?.id ?? 0) > before);
  assert.deepEqual(entry?.after, { filter: {}, rows: everyId.length });
  if (onPostgres) {
    const busy = await until(busyBackends, (backends) => backends.length === 0);
    assert.deepEqual(busy, [], "nothing of the export still runs or holds a transaction");
  }
  // Each of the pool's connections is free: more exports at once than it has, each whole.
  const again = await Promise.all(
    Array.from({ length: 12 }, async () => {
      const response = await exportOf({ filter: { kyc_status: "pending_review" } });
      const text = await response.text();
      assert.equal(response.status, 200, text);
      return idsOf(text).ids;
    }),
  );
  for (const ids of again) assert.deepEqual(ids, pendingIds);
});

test("a write: GET and HEAD 405, another origin 403, a form 415, operations 403, nothing recorded", async () => {
  const before = (await latestExport())?.id;
  for (const method of ["GET", "HEAD"]) {
    const read = await compliance.request(`/api/admin/customers/export?${new URLSearchParams({ filter: "{}" })}`, {
      method,
    });
    assert.equal(read.status, 405, method);
  }
  const forged = await exportOf({}, { headers: { Origin: "https://attacker.example" } });
  assert.equal(forged.status, 403);
  const form = await compliance.request("/api/admin/customers/export", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "filter=%7B%7D",
  });
  assert.equal(form.status, 415);
  const operations = await staffSession(app, "operations");
  const refused = await operations.request("/api/admin/customers/export", { method: "POST", json: {} });
  assert.equal(refused.status, 403);
  assert.equal((await latestExport())?.id, before);
});

test("hostile bodies: a 400 naming the problem (or 413), never a 500, nothing recorded", async () => {
  const before = (await latestExport())?.id;
  const cases: [body: unknown, names: string][] = [
    [{ filter: [] }, "filter"],
    [{ filter: "{}" }, "filter"],
    [{ filter: 1 }, "filter"],
    [{ filter: { q: "a\u0000b" } }, "q"],
    [{ filter: { q: "\u001b[31m" } }, "q"],
    [{ filter: { ip: "\ud800" } }, "ip"],
    [{ filter: { "\u0007": 1 } }, "\u0007"],
    [{ filter: { kyc_status: "maybe" } }, "kyc_status"],
    [{ filter: { kyc_status: ["pending_review", { a: 1 }] } }, "kyc_status"],
    [{ filter: { created_gte: "2".repeat(5000) } }, "created_gte"],
    [{ filter: { pep: "sometimes" } }, "pep"],
  ];
  for (const [body, name] of cases) {
    const label = JSON.stringify(body).slice(0, 120);
    const response = await exportOf(body);
    assert.equal(response.status, 400, label);
    const answer = await response.json();
    assert.equal(answer.type, "invalid_request_error", label);
    const named = [answer.message, ...(answer.errors ?? []).map((error: { param: string }) => error.param)];
    assert.ok(
      named.some((text: string) => text.startsWith(name)),
      `${label}: ${JSON.stringify(answer)}`,
    );
  }
  const notJson = await compliance.request("/api/admin/customers/export", { method: "POST", body: '{"filter":' });
  assert.equal(notJson.status, 400);
  const oversized = await exportOf({ filter: { q: "x".repeat(70_000) } });
  assert.equal(oversized.status, 413);
  // Hostile bodies at once: each refused alike.
  const concurrent = await Promise.all(cases.map(([body]) => exportOf(body)));
  assert.deepEqual(
    concurrent.map((response) => response.status),
    cases.map(() => 400),
  );
  assert.equal((await latestExport())?.id, before);
});
