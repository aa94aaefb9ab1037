/**
 * The audit log's export (POST /api/admin/audit-log/export { format, from, to }): exactly the
 * entries of the days asked for, both included, as CSV (formula-safe) and JSON Lines, more than one
 * page of them; admins only; hostile fields a 400 naming each; the export's own entry, written even
 * when the client leaves; a write (issue 36): a GET, a HEAD or a page of another origin exports and
 * records nothing.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCsv } from "@/lib/platform/csv";
import { startTestApp, db } from "./support/app";
import { staffSession } from "./support/staff";
import { until } from "./support/until";

const app = await startTestApp();
const admin = await staffSession(app, "admin");
const compliance = await staffSession(app, "compliance");
const operations = await staffSession(app, "operations");

const COLUMNS = [
  "id",
  "created_at",
  "actor",
  "staff_id",
  "staff_email",
  "action",
  "resource",
  "resource_id",
  "before",
  "after",
  "email",
  "ip",
  "user_agent",
  "outcome",
  "chain_position",
  "prev_hash",
  "hash",
];

// Entries on days long past (nothing else the tests write falls on them), written straight into the
// database: either side of each bound of 2020-03-02 … 2020-03-04, and a sign-in whose cells a
// spreadsheet would run.
const at = (iso: string) => new Date(iso);
const [beforeFrom, firstOfFrom, hostile, lastOfTo, afterTo] = await db().auditLog.createManyAndReturn({
  data: [
    {
      actor: "cli",
      action: "update",
      resource: "settings",
      resourceId: "1",
      createdAt: at("2020-03-01T23:59:59.999Z"),
    },
    {
      staffId: admin.staff.id,
      actor: "staff",
      action: "update",
      resource: "countries",
      resourceId: "177",
      before: { known_name: 'Poland, "PL"', is_source: false },
      after: { known_name: 'Poland, "PL"', is_source: true },
      createdAt: at("2020-03-02T00:00:00.000Z"),
    },
    {
      actor: "staff",
      action: "sign_in",
      resource: "staff",
      resourceId: "",
      email: '=HYPERLINK("http://evil.example")@x.org',
      ip: "203.0.113.7",
      userAgent: "+cmd|' /C calc'!A0",
      outcome: "wrong_credentials",
      createdAt: at("2020-03-03T12:00:00.000Z"),
    },
    {
      actor: "cli",
      action: "delete",
      resource: "locales",
      resourceId: "-1+1",
      createdAt: at("2020-03-04T23:59:59.999Z"),
    },
    {
      actor: "schedule",
      action: "update",
      resource: "settings",
      resourceId: "1",
      createdAt: at("2020-03-05T00:00:00.000Z"),
    },
  ],
});
const IN_RANGE = [firstOfFrom, hostile, lastOfTo].map((entry) => entry.id);
const RANGE = { from: "2020-03-02", to: "2020-03-04" };

// More than one page of entries (the export reads 500 at a time), on a day of their own.
const MANY = 1234;
await db().auditLog.createMany({
  data: Array.from({ length: MANY }, (_, index) => ({
    actor: "cli" as const,
    action: "update" as const,
    resource: "settings" as const,
    resourceId: String(index),
    after: { padding: "x".repeat(200) },
    createdAt: at(
      `2021-06-15T${String(Math.floor(index / 60) % 24).padStart(2, "0")}:${String(index % 60).padStart(2, "0")}:00Z`,
    ),
  })),
});

const exportOf = (body: Record<string, unknown>, session = admin) =>
  session.request("/api/admin/audit-log/export", { method: "POST", json: body });

async function latestExport() {
  return db().auditLog.findFirst({ where: { action: "export", resource: "audit_log" }, orderBy: { id: "desc" } });
}

/** The number of rows the latest export's entry records. */
const rowsOfLatestExport = async () => ((await latestExport())?.after as { rows?: number } | undefined)?.rows;

test("CSV: every column of exactly the range's entries, bounds included, formula cells inert; the export audited", async () => {
  const response = await exportOf({ format: "csv", ...RANGE });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.equal(
    response.headers.get("content-disposition"),
    'attachment; filename="audit-log-2020-03-02-2020-03-04.csv"',
  );
  assert.equal(response.headers.get("cache-control"), "no-store");
  const [header, ...rows] = parseCsv(await response.text()).map((row) => row.fields);
  assert.deepEqual(header, COLUMNS);
  assert.deepEqual(
    rows.map((row) => Number(row[0])),
    IN_RANGE,
    "not the entry a millisecond before from, nor the one at midnight after to",
  );
  const cells = (row: string[]) => Object.fromEntries(COLUMNS.map((column, index) => [column, row[index]]));
  const [first, signIn, last] = rows.map(cells);
  // JSON as stored (jsonb orders the keys its own way).
  assert.deepEqual([JSON.parse(first.before), JSON.parse(first.after)], [firstOfFrom.before, firstOfFrom.after]);
  assert.deepEqual(first, {
    id: String(firstOfFrom.id),
    created_at: "2020-03-02T00:00:00.000Z",
    actor: "staff",
    staff_id: String(admin.staff.id),
    staff_email: admin.staff.email,
    action: "update",
    resource: "countries",
    resource_id: "177",
    before: first.before,
    after: first.after,
    email: "",
    ip: "",
    user_agent: "",
    outcome: "",
    chain_position: first.chain_position,
    prev_hash: first.prev_hash,
    hash: first.hash,
  });
  // The chain's columns, for an auditor's own check: a position, and the hashes as hex.
  for (const row of [first, signIn, last]) {
    assert.match(row.chain_position, /^[1-9][0-9]*$/);
    assert.match(row.prev_hash, /^[0-9a-f]{64}$/);
    assert.match(row.hash, /^[0-9a-f]{64}$/);
  }
  assert.equal(signIn.email, '\'=HYPERLINK("http://evil.example")@x.org');
  assert.equal(signIn.user_agent, "'+cmd|' /C calc'!A0");
  assert.deepEqual([signIn.ip, signIn.outcome, signIn.staff_id], ["203.0.113.7", "wrong_credentials", ""]);
  assert.equal(last.resource_id, "'-1+1");
  assert.deepEqual([signIn.actor, last.actor], ["staff", "cli"]);

  const entry = await latestExport();
  assert.equal(entry?.staffId, admin.staff.id);
  assert.equal(entry?.resourceId, "");
  assert.deepEqual(entry?.after, { format: "csv", from: "2020-03-02", to: "2020-03-04", rows: 3 });
  assert.ok(![beforeFrom.id, afterTo.id].some((id) => rows.some((row) => Number(row[0]) === id)));
});

test("JSON Lines: one entry a line, values as JSON, the same entries", async () => {
  const response = await exportOf({ ...RANGE, format: "jsonl" });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/x-ndjson");
  assert.equal(
    response.headers.get("content-disposition"),
    'attachment; filename="audit-log-2020-03-02-2020-03-04.jsonl"',
  );
  const text = await response.text();
  assert.ok(text.endsWith("\r\n"));
  const lines = text
    .trimEnd()
    .split("\r\n")
    .map((line) => JSON.parse(line));
  assert.deepEqual(
    lines.map((line) => line.id),
    IN_RANGE,
  );
  assert.deepEqual(Object.keys(lines[0]), COLUMNS);
  assert.deepEqual(lines[0].after, { known_name: 'Poland, "PL"', is_source: true });
  assert.equal(lines[0].staff_email, admin.staff.email);
  assert.equal(lines[1].email, '=HYPERLINK("http://evil.example")@x.org', "JSON is not a spreadsheet: as stored");
  assert.deepEqual([lines[1].staff_id, lines[1].before], [null, null]);
  assert.deepEqual(
    lines.map((line) => line.actor),
    ["staff", "staff", "cli"],
  );
  assert.deepEqual((await latestExport())?.after, { format: "jsonl", from: "2020-03-02", to: "2020-03-04", rows: 3 });
});

test("a GET or HEAD exports nothing (405), nor does a page of another origin (403), so nothing is recorded", async () => {
  const before = (await latestExport())?.id;
  const query = new URLSearchParams({ format: "csv", ...RANGE });
  for (const method of ["GET", "HEAD"]) {
    const read = await admin.request(`/api/admin/audit-log/export?${query}`, { method });
    assert.equal(read.status, 405, method);
    assert.equal(read.headers.get("allow"), "POST, OPTIONS", method);
  }
  for (const headers of [{ Origin: "https://attacker.example" }, { "Sec-Fetch-Site": "cross-site" }] as Record<
    string,
    string
  >[]) {
    const forged = await admin.request("/api/admin/audit-log/export", {
      method: "POST",
      headers,
      json: { format: "csv", ...RANGE },
    });
    assert.equal(forged.status, 403, JSON.stringify(headers));
  }
  const form = await admin.request("/api/admin/audit-log/export", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: query.toString(),
  });
  assert.equal(form.status, 415, "a form, which a page may send without asking, is refused");
  assert.equal((await latestExport())?.id, before);
});

test("one day, an empty range, and more than a page", async () => {
  const oneDay = await exportOf({ format: "jsonl", from: "2020-03-03", to: "2020-03-03" });
  assert.deepEqual(
    (await oneDay.text())
      .trimEnd()
      .split("\r\n")
      .map((line) => JSON.parse(line).id),
    [hostile.id],
  );

  const emptyCsv = await exportOf({ format: "csv", from: "2019-01-01", to: "2019-12-31" });
  assert.equal(emptyCsv.status, 200);
  assert.equal(await emptyCsv.text(), `${COLUMNS.join(",")}\r\n`);
  const emptyJsonl = await exportOf({ format: "jsonl", from: "2019-01-01", to: "2019-12-31" });
  assert.equal(emptyJsonl.status, 200);
  assert.equal(await emptyJsonl.text(), "");
  assert.equal(await rowsOfLatestExport(), 0);

  const many = await exportOf({ format: "csv", from: "2021-06-15", to: "2021-06-15" });
  const [, ...rows] = parseCsv(await many.text()).map((row) => row.fields);
  const ids = rows.map((row) => Number(row[0]));
  assert.equal(ids.length, MANY);
  assert.deepEqual(
    ids,
    [...ids].sort((a, b) => a - b),
    "oldest id first",
  );
  assert.equal(new Set(ids).size, MANY, "no entry twice across pages");
  assert.equal(await rowsOfLatestExport(), MANY);
});

test("admins only: compliance and operations 403, no session 401, nothing recorded for them", async () => {
  const before = await latestExport();
  for (const session of [compliance, operations]) {
    const response = await exportOf({ format: "csv", ...RANGE }, session);
    assert.equal(response.status, 403);
    assert.equal((await response.json()).type, "permission_error");
  }
  const anonymous = await fetch(`${app.url}/api/admin/audit-log/export`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ format: "csv", ...RANGE }),
  });
  assert.equal(anonymous.status, 401);
  assert.equal((await anonymous.json()).type, "authentication_error");
  assert.equal((await latestExport())?.id, before?.id);
});

test("hostile fields: a 400 naming each problem, never a 500, nothing exported or recorded", async () => {
  const before = await latestExport();
  const long = "2".repeat(8000);
  const cases: [body: Record<string, unknown>, errors: [param: string, code: string][]][] = [
    [
      {},
      [
        ["format", "required"],
        ["from", "required"],
        ["to", "required"],
      ],
    ],
    [RANGE, [["format", "required"]]],
    [{ format: "", ...RANGE }, [["format", "required"]]],
    [{ format: "xml", ...RANGE }, [["format", "invalid"]]],
    [{ format: "CSV", ...RANGE }, [["format", "invalid"]]],
    [{ format: ["csv", "jsonl"], ...RANGE }, [["format", "invalid"]]],
    [{ format: 1, ...RANGE }, [["format", "invalid"]]],
    [{ format: "csv", to: "2020-03-04" }, [["from", "required"]]],
    [{ format: "csv", from: "2020-03-02" }, [["to", "required"]]],
    [{ format: "csv", from: "2026-02-30", to: "2026-03-01" }, [["from", "invalid"]]],
    [{ format: "csv", from: "2026-1-1", to: "2026-03-01" }, [["from", "invalid"]]],
    [{ format: "csv", from: "2026-01-01T00:00:00Z", to: "2026-03-01" }, [["from", "invalid"]]],
    [{ format: "csv", from: "2026-01-01", to: "2026-03-01 12:00" }, [["to", "invalid"]]],
    [{ format: "csv", from: "2026-01-01\u0000", to: "2026-03-01" }, [["from", "invalid"]]],
    [{ format: "csv", from: "2026-01-01", to: "2026-03-01\n" }, [["to", "invalid"]]],
    [{ format: "csv", from: "\u202e2026-01-01", to: "2026-03-01" }, [["from", "invalid"]]],
    [{ format: "csv", from: long, to: "2026-03-01" }, [["from", "invalid"]]],
    [{ format: "csv", from: "2026-03-01", to: long }, [["to", "invalid"]]],
    [{ format: "csv", from: { day: "2026-03-01" }, to: "2026-03-01" }, [["from", "invalid"]]],
    [{ format: "csv", from: "2026-03-02", to: "2026-03-01" }, [["from", "mismatch"]]],
  ];
  for (const [sent, errors] of cases) {
    const label = JSON.stringify(sent).slice(0, 200);
    const response = await exportOf(sent);
    assert.equal(response.status, 400, label);
    const body = await response.json();
    assert.equal(body.type, "invalid_request_error");
    assert.deepEqual(
      body.errors.map((error: { param: string; code: string }) => [error.param, error.code]).sort(),
      [...errors].sort(),
      label,
    );
    for (const error of body.errors) assert.equal(typeof error.message, "string");
  }
  const notJson = await admin.request("/api/admin/audit-log/export", { method: "POST", body: '{"format":' });
  assert.equal(notJson.status, 400);
  assert.equal((await notJson.json()).message, "Request body is not valid JSON");
  const oversized = await exportOf({ format: "csv", ...RANGE, padding: "x".repeat(70_000) });
  assert.equal(oversized.status, 413);
  assert.equal((await latestExport())?.id, before?.id);
});

test("concurrent exports each get the whole range, and each is recorded", async () => {
  const before = (await latestExport())?.id ?? 0;
  const formats = ["csv", "jsonl", "csv", "jsonl", "csv", "jsonl"];
  const bodies = await Promise.all(
    formats.map(async (format) => {
      const response = await exportOf({ format, ...RANGE });
      assert.equal(response.status, 200);
      return { format, text: await response.text() };
    }),
  );
  for (const { format, text } of bodies) {
    const ids =
      format === "csv"
        ? parseCsv(text)
            .slice(1)
            .map((row) => Number(row.fields[0]))
        : text
            .trimEnd()
            .split("\r\n")
            .map((line) => JSON.parse(line).id);
    assert.deepEqual(ids, IN_RANGE, format);
  }
  const entries = await db().auditLog.findMany({
    where: { action: "export", resource: "audit_log", id: { gt: before } },
  });
  assert.equal(entries.length, formats.length);
  for (const entry of entries) assert.equal((entry.after as { rows: number }).rows, 3);
});

test("a client that goes away halfway: the export is on record, and the service carries on", async () => {
  const before = (await latestExport())?.id ?? 0;
  const aborter = new AbortController();
  const response = await exportOf(
    { format: "jsonl", from: "2021-06-15", to: "2021-06-15" },
    {
      ...admin,
      request: (path, init) => admin.request(path, { ...init, signal: aborter.signal }),
    },
  );
  assert.equal(response.status, 200);
  const reader = response.body!.getReader();
  const first = await reader.read();
  assert.ok(first.value && first.value.byteLength > 0);
  aborter.abort();
  await reader.cancel().catch(() => {});
  const entry = await until(latestExport, (latest) => (latest?.id ?? 0) > before);
  assert.deepEqual(entry?.after, { format: "jsonl", from: "2021-06-15", to: "2021-06-15", rows: MANY });
  const again = await exportOf({ format: "jsonl", ...RANGE });
  assert.equal(again.status, 200);
  assert.equal((await again.text()).trimEnd().split("\r\n").length, 3);
});
