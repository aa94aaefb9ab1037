/**
 * The scale bench's population (bench/scale/load.ts, issue 38): loaded into a database of its own
 * (PostgreSQL's, or an embedded one in a directory), its audit chain is one `audit verify --full`
 * accepts, every table holds what the bench's figures assume (per customer: 20 account events, 5
 * audit entries, 3 sessions, 5 e-mails; the two heavy customers' 2,000 and 20,000 events), and
 * every table's ids rise with time, as a service's rows do.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createTestDatabase, type TestDatabase } from "@/tooling/throwaway-database";
import { jsonLines, runCli, runScript } from "./support/cli";

const CUSTOMERS = 2_000;
const AUTH_SECRET = randomBytes(32).toString("base64");
let database: TestDatabase;
let directory: string | undefined;

before(async () => {
  if (process.env.TEST_DATABASE_URL) {
    database = await createTestDatabase(process.env.TEST_DATABASE_URL);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "remit-scale-population-"));
    directory = dir;
    database = { url: `pglite:${dir}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
});
after(async () => {
  await database?.drop();
});

type Query = <Row>(sql: string) => Promise<Row[]>;

/** `work` with a connection of this test's own (the loader and the CLI have let the database go), opened once. */
async function withDatabase<T>(work: (query: Query) => Promise<T>): Promise<T> {
  if (directory) {
    const pglite = await PGlite.create(directory);
    try {
      return await work(async <Row>(sql: string) => (await pglite.query<Row>(sql)).rows);
    } finally {
      await pglite.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await work(async <Row>(sql: string) => (await client.query(sql)).rows as Row[]);
  } finally {
    await client.end();
  }
}

test("the population loads, in proportion and in time order, with an audit chain `audit verify --full` accepts", async () => {
  const load = await runScript(
    "bench/scale/load.ts",
    {},
    "--customers",
    String(CUSTOMERS),
    "--database-url",
    database.url,
  );
  assert.equal(load.code, 0, load.stderr);
  assert.equal(jsonLines(load.stdout).at(-1).customers, CUSTOMERS);

  const verify = await runCli({ DATABASE_URL: database.url, AUTH_SECRET }, "audit", "verify", "--full");
  assert.equal(verify.code, 0, verify.stderr);
  const state = jsonLines(verify.stdout).at(-1);
  assert.equal(state.valid, true, JSON.stringify(state));
  assert.equal(state.entries, CUSTOMERS * 5);
  assert.equal(state.head_position, CUSTOMERS * 5);
  assert.equal(state.signed_checkpoint.position, CUSTOMERS * 5);

  await withDatabase(async (query) => {
    const counted = async (sql: string) => Number((await query<{ n: string | number }>(sql))[0].n);

    assert.equal(await counted("SELECT count(*) AS n FROM customers"), CUSTOMERS);
    assert.equal(await counted("SELECT count(*) AS n FROM login_tokens"), CUSTOMERS * 3);
    assert.equal(await counted("SELECT count(*) AS n FROM email_outbox"), CUSTOMERS * 5);
    // Twenty a customer on average, besides the two heavy customers' 22,000.
    const events = (await counted("SELECT count(*) AS n FROM customer_events")) - 22_000;
    assert.ok(events > CUSTOMERS * 15 && events < CUSTOMERS * 25, `${events} events besides the heavy customers'`);
    assert.equal(await counted("SELECT count(*) AS n FROM customer_events WHERE customer_id = 2"), 2_000);
    assert.equal(await counted("SELECT count(*) AS n FROM customer_events WHERE customer_id = 3"), 20_000);
    // A review queue, decisions behind the reviewed, closed accounts, webhooks' deliveries, staff of each role.
    const pending = await counted("SELECT count(*) AS n FROM customers WHERE kyc_status = 'pending_review'");
    assert.ok(pending > CUSTOMERS * 0.01 && pending < CUSTOMERS * 0.06, `${pending} awaiting review`);
    assert.ok((await counted("SELECT count(*) AS n FROM kyc_decisions")) > CUSTOMERS / 4);
    assert.ok((await counted("SELECT count(*) AS n FROM customers WHERE closed_at IS NOT NULL")) > 0);
    assert.ok((await counted("SELECT count(*) AS n FROM webhook_deliveries")) > CUSTOMERS / 2);
    assert.equal(await counted("SELECT count(DISTINCT role) AS n FROM staff"), 3);

    // Ids rise with time: no row was made after a row with a higher id.
    for (const table of ["customers", "customer_events", "audit_log", "login_tokens"]) {
      const backwards = await counted(
        `SELECT count(*) AS n FROM (SELECT created_at < lag(created_at) OVER (ORDER BY id) AS back FROM ${table}) AS t WHERE back`,
      );
      assert.equal(backwards, 0, `${table}: ids out of time order`);
    }
    // Registered over four years, up to now.
    const [span] = await query<{ years: number }>(
      "SELECT extract(epoch FROM max(created_at) - min(created_at)) / 86400 / 365.25 AS years FROM customers",
    );
    assert.ok(Number(span.years) > 3.9 && Number(span.years) <= 4.01, `customers registered over ${span.years} years`);
  });
});
