/**
 * The back office's big lists past 10,000 rows (issue 38): a page starts within the first 10,000 rows
 * of its order, the count stops one past them and says so (`X-Total-Estimate`: "about N" for a whole
 * table, from the planner's statistics; "more than 10000" for a filtered list), pages of a sort by a
 * column of few values neither overlap nor skip, and the e-mail search (trigram-indexed) keeps its
 * meaning: any part of the address, any case, wildcards taken literally.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db, startTestApp } from "./support/app";
import { staffSession } from "./support/staff";

const app = await startTestApp();
const admin = await staffSession(app, "admin");

const BULK = 10_050;
const PREFIX = `bulk-${process.pid}`;
await db().customer.createMany({
  data: Array.from({ length: BULK }, (_, index) => ({
    email: `${PREFIX}-${index}@example.org`,
    passwordHash: "not a hash",
    source: index % 2 === 0 ? "import" : "api",
  })),
});
// Addresses with what LIKE reads as wildcards, which the search takes as they are.
await db().customer.createMany({
  data: ["per%cent@example.org", "under_score@example.org", "back\\slash@example.org"].map((email) => ({
    email,
    passwordHash: "not a hash",
  })),
});
await db().$executeRawUnsafe("ANALYZE customers");

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([name, value]) => [name, JSON.stringify(value)])).toString();

async function page(params: Record<string, unknown>) {
  const response = await admin.request(`/api/admin/customers?${query(params)}`);
  assert.equal(response.status, 200, JSON.stringify(params));
  return {
    range: response.headers.get("content-range"),
    estimate: response.headers.get("x-total-estimate"),
    exposed: response.headers.get("access-control-expose-headers"),
    rows: (await response.json()) as { id: number; email: string; source: string }[],
  };
}

test("a whole table past 10,000 rows pages through 10,000 of them and says about how many it holds", async () => {
  const first = await page({ sort: ["created_at", "DESC"], range: [0, 24] });
  assert.equal(first.range, "customers 0-24/10000");
  const about = /^about (\d+)$/.exec(first.estimate ?? "");
  assert.ok(about, `an estimate: ${first.estimate}`);
  const actual = await db().customer.count();
  // The planner's figure, from ANALYZE: near the count, not the count.
  assert.ok(Math.abs(Number(about[1]) - actual) <= actual * 0.1, `${about[1]} is about ${actual}`);
  assert.match(first.exposed ?? "", /X-Total-Estimate/);

  const last = await page({ sort: ["created_at", "DESC"], range: [9975, 9999] });
  assert.equal(last.range, "customers 9975-9999/10000");
  assert.equal(last.rows.length, 25);
  // A page that runs past the window ends at its edge.
  const edge = await page({ sort: ["id", "ASC"], range: [9990, 10100] });
  assert.equal(edge.range, "customers 9990-9999/10000");
  assert.equal(edge.rows.length, 10);
});

test("a filtered list past 10,000 rows says more than 10,000; one within them, its exact count and no estimate", async () => {
  const many = await page({ filter: { q: PREFIX }, range: [0, 9] });
  assert.equal(many.range, "customers 0-9/10000");
  assert.equal(many.estimate, "more than 10000");

  const imported = await page({ filter: { source: "import" }, range: [0, 9] });
  assert.equal(imported.range, `customers 0-9/${BULK / 2}`);
  assert.equal(imported.estimate, null);
  assert.equal(imported.exposed, "Content-Range");
});

test("a page past the first 10,000 rows is a 400 that says how to reach the rest", async () => {
  for (const range of [
    [10_000, 10_024],
    [10_000, 10_000],
    [2 ** 31, 2 ** 31 + 24],
  ]) {
    const response = await admin.request(`/api/admin/customers?${query({ range })}`);
    assert.equal(response.status, 400, JSON.stringify(range));
    const body = await response.json();
    assert.match(body.message, /^range .*sort the other way or narrow the filter/);
  }
});

test("pages sorted by a column of two values neither overlap nor skip, either way", async () => {
  for (const order of ["ASC", "DESC"]) {
    const seen: number[] = [];
    for (let start = 0; start < 300; start += 100) {
      const { rows } = await page({ sort: ["source", order], filter: { q: PREFIX }, range: [start, start + 99] });
      seen.push(...rows.map((row) => row.id));
    }
    assert.equal(new Set(seen).size, 300, `${order}: no row twice`);
    const all = await page({ sort: ["source", order], filter: { q: PREFIX }, range: [0, 299] });
    assert.deepEqual(
      all.rows.map((row) => row.id),
      seen,
      `${order}: three pages are the first 300 rows`,
    );
    // Ties (one source) are broken by id in the sort's own direction.
    const ids = all.rows.filter((row) => row.source === all.rows[0].source).map((row) => row.id);
    const sorted = [...ids].sort((a, b) => (order === "ASC" ? a - b : b - a));
    assert.deepEqual(ids, sorted, `${order}: ties by id, ${order}`);
  }
});

test("the search finds any part of an address in any case, and LIKE's wildcards only as themselves", async () => {
  const emails = async (q: string) =>
    (await page({ filter: { q }, range: [0, 99] })).rows.map((row) => row.email).sort();
  assert.deepEqual(await emails(`${PREFIX}-1234@`), [`${PREFIX}-1234@example.org`]);
  assert.deepEqual(await emails(`${PREFIX.toUpperCase()}-1234@EXAMPLE`), [`${PREFIX}-1234@example.org`]);
  // Fewer than three characters: no trigram to look up, the same answer.
  assert.equal((await page({ filter: { q: "9@" }, range: [0, 0] })).range?.endsWith(`/${BULK / 10}`), true);
  assert.deepEqual(await emails("%"), ["per%cent@example.org"]);
  assert.deepEqual(await emails("r_s"), ["under_score@example.org"]);
  assert.deepEqual(await emails("_"), ["under_score@example.org"]);
  assert.deepEqual(await emails("\\"), ["back\\slash@example.org"]);
});

test("a search longer than an address, or not text, is a 400 naming q; a control character too", async () => {
  for (const q of ["x".repeat(255), 42, ["a"], { a: 1 }, "a\u0001b"]) {
    for (const list of ["customers", "outbox"]) {
      const response = await admin.request(`/api/admin/${list}?${query({ filter: { q } })}`);
      assert.equal(response.status, 400, `${list} q=${JSON.stringify(q).slice(0, 20)}`);
      const body = await response.json();
      const named = [body.message, ...(body.errors ?? []).map((error: { param: string }) => error.param)];
      assert.ok(
        named.some((text: string) => text.startsWith("q")),
        JSON.stringify(body),
      );
    }
  }
  assert.equal((await page({ filter: { q: "x".repeat(254) }, range: [0, 0] })).range, "customers */0");
});

test("concurrent pages at the window's edge and with the estimate all answer alike", async () => {
  const answers = await Promise.all(
    Array.from({ length: 16 }, (_, index) =>
      page(
        index % 2 === 0
          ? { sort: ["email", "DESC"], range: [9975, 9999] }
          : { sort: ["email", "DESC"], filter: { source: "api" }, range: [4975, 4999] },
      ),
    ),
  );
  for (const [index, answer] of answers.entries()) {
    const twin = answers[index % 2];
    assert.equal(answer.range, twin.range);
    assert.equal(answer.estimate, twin.estimate);
    assert.deepEqual(answer.rows, twin.rows);
  }
  assert.match(answers[0].estimate ?? "", /^about \d+$/);
  assert.equal(answers[1].range, `customers 4975-4999/${BULK / 2 + 3}`);
});
