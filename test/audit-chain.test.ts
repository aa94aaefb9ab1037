/**
 * The audit log's hash chain (docs/security.md): concurrent audited changes and staff sign-ins keep
 * one valid chain, one entry each, positions contiguous (on PostgreSQL from two instances of the
 * service, this process's and a server process beside it; on PGlite concurrent requests to one);
 * `audit verify` and GET /api/admin/audit-log/chain say valid with the count and the head, then name
 * the first entry after an edit behind the service's back (content, hash, link), and a deleted one.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { db } from "@/lib/platform/db";
import { runCommand } from "@/lib/entry/cli/commands";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { startTestApp, testAppOn, type TestApp } from "./support/app";
import { jsonLines, runCli } from "./support/cli";
import { makeStaff, STAFF_PASSWORD, signIn, staffSession } from "./support/staff";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const app = await startTestApp();
let beside: ServerProcess | undefined;
let other: TestApp = app;

before(async () => {
  if (!onPostgres) return;
  // A second instance on the same database (its DATABASE_URL and AUTH_SECRET are this process's).
  beside = await startServerProcess({ DATABASE_URL: process.env.DATABASE_URL!, AUTH_SECRET: process.env.AUTH_SECRET! });
  other = testAppOn(beside.url, app.client);
});
after(async () => {
  await beside?.stop();
});

type Verified = { code: number; printed: Record<string, unknown>[]; error: string };

/**
 * `npm run cli -- audit verify`: on PostgreSQL the command line itself, in a process of its own; the
 * embedded database here is this process's, in memory, so the same command runs in it.
 */
async function auditVerify(): Promise<Verified> {
  if (onPostgres) {
    const { code, stdout, stderr } = await runCli({ DATABASE_URL: process.env.DATABASE_URL! }, "audit", "verify");
    return { code, printed: jsonLines(stdout), error: stderr };
  }
  const printed: Record<string, unknown>[] = [];
  const outcome = await runCommand({ command: "audit verify", args: [], options: {}, cwd: process.cwd() }, (value) =>
    printed.push(JSON.parse(JSON.stringify(value))),
  );
  return { code: outcome.exitCode, printed, error: outcome.error ?? "" };
}

const lastEntry = () => db().auditLog.findFirstOrThrow({ orderBy: { chainPosition: "desc" } });

test("concurrent audited changes and sign-ins on two instances: one valid chain, one entry each, positions contiguous", async () => {
  const operations = await staffSession(app, "operations");
  const member = await makeStaff("operations");
  const countries = await db().country.findMany({ take: onPostgres ? 16 : 8, orderBy: { id: "asc" } });
  const before = await db().auditLog.count();
  // Every other change through the other instance, with the same session (one AUTH_SECRET).
  const flips = countries.map((country, index) =>
    fetch(`${(index % 2 ? other : app).url}/api/admin/countries/${country.id}`, {
      method: "PUT",
      headers: { Cookie: operations.jar.header(), "Content-Type": "application/json" },
      body: JSON.stringify({ is_source: !country.isSource }),
    }),
  );
  const signIns = Array.from({ length: onPostgres ? 8 : 4 }, (_, index) =>
    signIn(index % 2 ? other : app, member.email, index % 4 === 3 ? "a wrong password" : STAFF_PASSWORD),
  );
  // The embedded database runs one transaction at a time: on a busy machine a change that waited too
  // long for it answers 503 and writes nothing. On PostgreSQL every one goes through.
  const flipped = (await Promise.all(flips)).filter((flip) => flip.status === 200).length;
  if (onPostgres) assert.equal(flipped, countries.length);
  assert.ok(flipped > 0);
  // Right or wrong, or refused once the concurrent attempts reach the limit: an entry each.
  const attempts = (await Promise.all(signIns)).filter((attempt) => attempt.status < 500).length;
  if (onPostgres) assert.equal(attempts, signIns.length);
  const expected = before + flipped + attempts;
  assert.equal(await db().auditLog.count(), expected, "one entry per change");
  const last = await lastEntry();
  assert.equal(last.chainPosition, expected, "positions from 1, no gap");
  const verified = await auditVerify();
  assert.equal(verified.code, 0, verified.error);
  assert.deepEqual(verified.printed.at(-1), {
    valid: true,
    entries: expected,
    head: last.hash,
    checked_at: verified.printed.at(-1)?.checked_at,
  });
});

let compliance: Awaited<ReturnType<typeof staffSession>>;
const chainState = async () => {
  const response = await compliance.request("/api/admin/audit-log/chain");
  assert.equal(response.status, 200);
  return response.json();
};

test("GET /api/admin/audit-log/chain: the chain's state for the roles that read the audit log, 403 for the others", async () => {
  compliance = await staffSession(app, "compliance");
  const state = await chainState();
  assert.equal(state.valid, true);
  assert.equal(state.entries, await db().auditLog.count());
  assert.equal(state.head, (await lastEntry()).hash);
  assert.ok(Math.abs(Date.parse(state.checked_at) - Date.now()) < 60_000, state.checked_at);
  const operations = await staffSession(app, "operations");
  const refused = await operations.request("/api/admin/audit-log/chain");
  assert.equal(refused.status, 403);
  assert.equal((await refused.json()).type, "permission_error");
  assert.equal((await fetch(`${app.url}/api/admin/audit-log/chain`)).status, 401);
  // Read-only: no write of any kind.
  assert.equal((await compliance.request("/api/admin/audit-log/chain", { method: "POST", json: {} })).status, 405);
});

/** Runs `sql` on the test database behind the service's back, then what verify and the API say, then undoes it. */
async function tampered(sql: string, undo: string) {
  await db().$executeRawUnsafe(sql);
  try {
    const verified = await auditVerify();
    const state = await chainState();
    return { verified, state };
  } finally {
    await db().$executeRawUnsafe(undo);
  }
}

test("an entry edited behind the service's back: audit verify exits non-zero naming it, the API says broken there", async () => {
  const entries = await db().auditLog.findMany({ orderBy: { chainPosition: "asc" } });
  const middle = entries[Math.floor(entries.length / 2)];
  const { verified, state } = await tampered(
    `UPDATE audit_log SET resource_id = 'someone else' WHERE id = ${middle.id}`,
    `UPDATE audit_log SET resource_id = '${middle.resourceId}' WHERE id = ${middle.id}`,
  );
  assert.equal(verified.code, 2);
  assert.match(
    verified.error,
    new RegExp(`entry #${middle.id} \\(position ${middle.chainPosition}\\): its content changed`),
  );
  assert.equal(verified.printed.at(-1)?.valid, false);
  assert.deepEqual(
    { ...state.broken_at, message: undefined },
    { id: middle.id, position: Number(middle.chainPosition), problem: "content", message: undefined },
  );
  assert.equal(state.valid, false);
  assert.equal((await auditVerify()).code, 0, "put back as it was, it verifies again");
});

test("an edited hash, an edited link and a deleted entry are each named, first one first", async () => {
  const entries = await db().auditLog.findMany({ orderBy: { chainPosition: "asc" } });
  const [first, second] = [entries[1], entries[2]];
  const hash = await tampered(
    `UPDATE audit_log SET hash = repeat('0', 64) WHERE id = ${first.id}`,
    `UPDATE audit_log SET hash = '${first.hash}' WHERE id = ${first.id}`,
  );
  assert.equal(hash.verified.code, 2);
  assert.deepEqual([hash.state.broken_at.id, hash.state.broken_at.problem], [first.id, "content"]);

  const link = await tampered(
    `UPDATE audit_log SET prev_hash = '${second.hash}' WHERE id = ${second.id}`,
    `UPDATE audit_log SET prev_hash = '${second.prevHash}' WHERE id = ${second.id}`,
  );
  assert.equal(link.verified.code, 2);
  assert.match(link.verified.error, new RegExp(`entry #${second.id} .*link to the entry before it is broken`));
  assert.deepEqual([link.state.broken_at.id, link.state.broken_at.problem], [second.id, "link"]);

  // Deleted, then put back whole: an entry that arrives with its hash keeps it (a data-only restore).
  const gap = await tampered(
    `DELETE FROM audit_log WHERE id = ${first.id}`,
    `INSERT INTO audit_log SELECT * FROM json_populate_record(NULL::audit_log, '${JSON.stringify({
      id: first.id,
      staff_id: first.staffId,
      action: first.action,
      resource: first.resource,
      resource_id: first.resourceId,
      before: first.before,
      after: first.after,
      created_at: first.createdAt.toISOString().replace("Z", ""),
      email: first.email,
      ip: first.ip,
      user_agent: first.userAgent,
      outcome: first.outcome,
      chain_position: Number(first.chainPosition),
      prev_hash: first.prevHash,
      hash: first.hash,
    }).replaceAll("'", "''")}')`,
  );
  assert.equal(gap.verified.code, 2);
  assert.match(
    gap.verified.error,
    new RegExp(`entry #${second.id} .*the entry at position ${first.chainPosition} before it is missing`),
  );
  assert.deepEqual([gap.state.broken_at.id, gap.state.broken_at.problem], [second.id, "missing"]);
  const restored = await auditVerify();
  assert.equal(restored.code, 0, `put back whole, the chain verifies: ${restored.error}`);
  assert.equal(restored.printed.at(-1)?.head, (await lastEntry()).hash);
});
