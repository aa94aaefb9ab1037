/**
 * The audit log's hash chain (docs/security.md): concurrent audited changes and staff sign-ins keep
 * one valid chain, one entry each, positions contiguous (on PostgreSQL from two instances of the
 * service, this process's and a server process beside it; on PGlite concurrent requests to one);
 * `audit verify` and GET /api/admin/audit-log/chain say valid with the count and the head, then name
 * the first entry after an edit behind the service's back (content, hash, link), and a deleted one.
 * Anchoring: `audit verify`, an export and the daily check sign a checkpoint of the head (ES256, a
 * key of the service's own); both check from the last valid checkpoint (`--full`: from the first
 * entry), name a tail cut behind it and a chain rewritten up to it, and refuse a forged checkpoint.
 * The schedule signs again once the head is AUDIT_CHECKPOINT_EVERY_ENTRIES past the last checkpoint,
 * so the page's check stays short.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { compactVerify, CompactSign, decodeProtectedHeader, generateKeyPair, importJWK, type JWK } from "jose";
import type { AuditLog } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import {
  AUDIT_CHECKPOINT_EVERY_ENTRIES,
  runScheduledAuditCheckpoint,
} from "@/lib/domain/audit/schedule-audit-checkpoint";
import { runCommand } from "@/lib/entry/cli/commands";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { startTestApp, testAppOn, type TestApp } from "./support/app";
import { jsonLines, runCli } from "./support/cli";
import { makeStaff, STAFF_PASSWORD, signIn, staffSession } from "./support/staff";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const METRICS_TOKEN = "metrics-token-for-the-audit-chain";
const app = await startTestApp({ METRICS_TOKEN });
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

/** `npm run -s cli -- audit verify`, run in this process (the embedded database here is this process's, in memory). */
async function auditVerify(...flags: "--full"[]): Promise<Verified> {
  const printed: Record<string, unknown>[] = [];
  const options = flags.includes("--full") ? { full: true } : {};
  const outcome = await runCommand({ command: "audit verify", args: [], options, cwd: process.cwd() }, (value) =>
    printed.push(JSON.parse(JSON.stringify(value))),
  );
  return { code: outcome.exitCode, printed, error: outcome.error ?? "" };
}

/**
 * The same, on PostgreSQL through the command line itself, in a process of its own: where the
 * command line is what is checked (a process takes seconds to start on a busy machine).
 */
async function auditVerifyCommandLine(...flags: "--full"[]): Promise<Verified> {
  if (!onPostgres) return auditVerify(...flags);
  const { code, stdout, stderr } = await runCli(
    { DATABASE_URL: process.env.DATABASE_URL! },
    "audit",
    "verify",
    ...flags,
  );
  return { code, printed: jsonLines(stdout), error: stderr };
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
  const verified = await auditVerifyCommandLine();
  assert.equal(verified.code, 0, verified.error);
  const printed = verified.printed.at(-1)!;
  assert.deepEqual(
    { ...printed, checked_at: undefined, checkpoint: undefined, signed_checkpoint: undefined },
    {
      valid: true,
      entries: expected,
      head: last.hash,
      head_position: expected,
      checked: { from: (printed.checkpoint as { position: number } | null)?.position ?? 1, to: expected, full: false },
      refused_checkpoints: [],
      checked_at: undefined,
      checkpoint: undefined,
      signed_checkpoint: undefined,
    },
  );
  assert.deepEqual(
    { ...(printed.signed_checkpoint as object), id: undefined, created_at: undefined },
    { id: undefined, position: expected, hash: last.hash, trigger: "verify", created_at: undefined },
  );
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
async function tampered(sql: string, undo: string, ...flags: "--full"[]) {
  await db().$executeRawUnsafe(sql);
  try {
    const verified = await auditVerify(...flags);
    const state = await chainState();
    return { verified, state };
  } finally {
    await db().$executeRawUnsafe(undo);
  }
}

/** An entry put back whole, as a data-only restore would: with its position and hashes, which the trigger keeps. */
const reinsert = (entry: AuditLog) =>
  `INSERT INTO audit_log SELECT * FROM json_populate_record(NULL::audit_log, '${JSON.stringify({
    id: entry.id,
    staff_id: entry.staffId,
    actor: entry.actor,
    action: entry.action,
    resource: entry.resource,
    resource_id: entry.resourceId,
    before: entry.before,
    after: entry.after,
    created_at: entry.createdAt.toISOString().replace("Z", ""),
    email: entry.email,
    ip: entry.ip,
    user_agent: entry.userAgent,
    outcome: entry.outcome,
    chain_position: Number(entry.chainPosition),
    prev_hash: entry.prevHash,
    hash: entry.hash,
  }).replaceAll("'", "''")}')`;

test("an entry edited behind the service's back: audit verify --full exits non-zero naming it; the page checks from the last checkpoint only", async () => {
  const entries = await db().auditLog.findMany({ orderBy: { chainPosition: "asc" } });
  const middle = entries[Math.floor(entries.length / 2)];
  const { verified, state } = await tampered(
    `UPDATE audit_log SET resource_id = 'someone else' WHERE id = ${middle.id}`,
    `UPDATE audit_log SET resource_id = '${middle.resourceId}' WHERE id = ${middle.id}`,
    "--full",
  );
  assert.equal(verified.code, 2);
  assert.match(
    verified.error,
    new RegExp(`entry #${middle.id} \\(position ${middle.chainPosition}\\): its content changed`),
  );
  const printed = verified.printed.at(-1)!;
  assert.equal(printed.valid, false);
  assert.deepEqual(
    { ...(printed.broken_at as object), message: undefined },
    { id: middle.id, position: Number(middle.chainPosition), problem: "content", message: undefined },
  );
  assert.deepEqual(printed.checked, { from: 1, to: entries.length, full: true });
  assert.equal(printed.signed_checkpoint, null, "a broken chain is not signed");
  // The page checks from the checkpoint the last valid run signed, after the edited entry.
  assert.equal(state.valid, true);
  assert.ok(state.checked.from > Number(middle.chainPosition), JSON.stringify(state.checked));
  assert.equal((await auditVerify("--full")).code, 0, "put back as it was, it verifies again");
});

test("an edited hash, an edited link and a deleted entry are each named by audit verify --full, first one first", async () => {
  const entries = await db().auditLog.findMany({ orderBy: { chainPosition: "asc" } });
  const [first, second] = [entries[1], entries[2]];
  const hash = await tampered(
    `UPDATE audit_log SET hash = repeat('0', 64) WHERE id = ${first.id}`,
    `UPDATE audit_log SET hash = '${first.hash}' WHERE id = ${first.id}`,
    "--full",
  );
  assert.equal(hash.verified.code, 2);
  const hashBroken = hash.verified.printed.at(-1)?.broken_at as { id: number; problem: string };
  assert.deepEqual([hashBroken.id, hashBroken.problem], [first.id, "content"]);

  const link = await tampered(
    `UPDATE audit_log SET prev_hash = '${second.hash}' WHERE id = ${second.id}`,
    `UPDATE audit_log SET prev_hash = '${second.prevHash}' WHERE id = ${second.id}`,
    "--full",
  );
  assert.equal(link.verified.code, 2);
  assert.match(link.verified.error, new RegExp(`entry #${second.id} .*link to the entry before it is broken`));

  // Deleted, then put back whole: an entry that arrives with its hash keeps it (a data-only restore).
  const gap = await tampered(`DELETE FROM audit_log WHERE id = ${first.id}`, reinsert(first), "--full");
  assert.equal(gap.verified.code, 2);
  assert.match(
    gap.verified.error,
    new RegExp(`entry #${second.id} .*the entry at position ${first.chainPosition} before it is missing`),
  );
  const restored = await auditVerify("--full");
  assert.equal(restored.code, 0, `put back whole, the chain verifies: ${restored.error}`);
  assert.equal(restored.printed.at(-1)?.head, (await lastEntry()).hash);
});

type Checkpoint = { id: number; position: number; hash: string; trigger: string };
const signedBy = (verified: Verified) => verified.printed.at(-1)?.signed_checkpoint as Checkpoint;

let operations: Awaited<ReturnType<typeof staffSession>> | undefined;
/** One audited change through the admin API: a country's source flag flipped. */
async function auditedChange() {
  operations ??= await staffSession(app, "operations");
  const country = await db().country.findFirstOrThrow({ orderBy: { id: "asc" } });
  const response = await operations.request(`/api/admin/countries/${country.id}`, {
    method: "PUT",
    json: { is_source: !country.isSource },
  });
  assert.equal(response.status, 200);
}

test("audit verify signs a checkpoint of the head it checked (ES256, a key of the service's own); the next run checks from it, --full from the first entry", async () => {
  await auditedChange();
  const verified = await auditVerify();
  assert.equal(verified.code, 0, verified.error);
  const signed = signedBy(verified);
  const row = await db().auditCheckpoint.findUniqueOrThrow({ where: { id: signed.id } });
  const head = await lastEntry();
  assert.deepEqual([row.position, row.hash, row.trigger], [head.chainPosition, head.hash, "verify"]);
  // Checked here with jose and the key's public JWK alone, as an auditor would.
  const { kid, alg, typ } = decodeProtectedHeader(row.jws);
  assert.deepEqual([alg, typ], ["ES256", "audit-checkpoint+jws"]);
  const key = await db().signingKey.findUniqueOrThrow({ where: { id: String(kid) } });
  assert.equal(key.retiredAt, null);
  assert.equal((key.publicJwk as JWK).d, undefined, "no private part in the public JWK");
  assert.doesNotMatch(key.privateKeySealed, /"d"|"kty"/, "the private part is sealed");
  const { payload } = await compactVerify(row.jws, await importJWK(key.publicJwk as JWK, "ES256"));
  const claims = JSON.parse(new TextDecoder().decode(payload));
  assert.deepEqual([claims.position, claims.hash], [row.position, row.hash]);
  assert.equal(await db().signingKey.count(), 1, "one key, made at first use and kept");
  // Anything but --full is refused, a control character shown escaped.
  const extra = await runCommand(
    { command: "audit verify", args: ["--ful\u001b[31ml"], options: {}, cwd: process.cwd() },
    () => {},
  );
  assert.equal(extra.exitCode, 2);
  assert.match(extra.error ?? "", /^audit verify takes only --full, not \["--ful\\u001b\[31ml"\]$/);

  await auditedChange();
  const next = await auditVerify();
  assert.equal(next.code, 0, next.error);
  assert.deepEqual(next.printed.at(-1)?.checked, { from: row.position, to: row.position + 1, full: false });
  assert.equal((next.printed.at(-1)!.checkpoint as Checkpoint).id, row.id);
  const full = await auditVerify("--full");
  assert.deepEqual(full.printed.at(-1)?.checked, { from: 1, to: row.position + 1, full: true });
  const state = await chainState();
  assert.deepEqual(state.checked, { from: row.position + 1, to: row.position + 1, full: false });
  assert.equal(state.checkpoint.id, signedBy(full).id);
});

test("an entry edited after the last checkpoint: audit verify from the checkpoint, --full and the page each name it, and say what they checked", async () => {
  const anchor = signedBy(await auditVerify());
  await auditedChange();
  await auditedChange();
  const head = await lastEntry();
  const edited = await db().auditLog.findFirstOrThrow({ where: { chainPosition: anchor.position + 1 } });
  await db().$executeRawUnsafe(`UPDATE audit_log SET resource_id = 'tampered' WHERE id = ${edited.id}`);
  try {
    const checks = { fromCheckpoint: await auditVerify(), full: await auditVerify("--full") };
    for (const [name, verified] of Object.entries(checks)) {
      assert.equal(verified.code, 2, name);
      assert.match(
        verified.error,
        new RegExp(`entry #${edited.id} \\(position ${edited.chainPosition}\\): its content changed`),
      );
      assert.equal(verified.printed.at(-1)?.signed_checkpoint, null, `${name}: a broken chain is not signed`);
    }
    assert.deepEqual(checks.fromCheckpoint.printed.at(-1)?.checked, {
      from: anchor.position,
      to: head.chainPosition,
      full: false,
    });
    assert.equal((checks.fromCheckpoint.printed.at(-1)!.checkpoint as Checkpoint).id, anchor.id);
    assert.deepEqual(checks.full.printed.at(-1)?.checked, { from: 1, to: head.chainPosition, full: true });
    const state = await chainState();
    assert.equal(state.valid, false);
    assert.deepEqual([state.broken_at.id, state.broken_at.problem], [edited.id, "content"]);
    assert.deepEqual(state.checked, { from: anchor.position, to: head.chainPosition, full: false });
    assert.equal(state.entries, head.chainPosition, "the chain's length, its head's position");
  } finally {
    await db().$executeRawUnsafe(`UPDATE audit_log SET resource_id = '${edited.resourceId}' WHERE id = ${edited.id}`);
  }
  assert.equal((await auditVerify()).code, 0, "put back, it verifies again");
});

test("the last entries deleted behind the service's back after a checkpoint: audit verify exits 2 naming the cut, and so does the page", async () => {
  for (let i = 0; i < 3; i++) await auditedChange();
  const anchor = signedBy(await auditVerify());
  const cut = await db().auditLog.findMany({
    where: { chainPosition: { gt: anchor.position - 3 } },
    orderBy: { chainPosition: "asc" },
  });
  assert.equal(cut.length, 3);
  await db().$executeRawUnsafe(`DELETE FROM audit_log WHERE chain_position > ${anchor.position - 3}`);
  try {
    for (const verify of [() => auditVerifyCommandLine(), () => auditVerify("--full")]) {
      const verified = await verify();
      assert.equal(verified.code, 2, verified.error);
      assert.match(
        verified.error,
        new RegExp(
          `broken at position ${anchor.position}: the chain ends at position ${anchor.position - 3}, behind checkpoint #${anchor.id} `,
        ),
      );
      assert.deepEqual(
        { ...(verified.printed.at(-1)?.broken_at as object), message: undefined },
        { id: null, position: anchor.position, problem: "truncated", message: undefined },
      );
    }
    assert.equal(
      await db().auditCheckpoint.count({ where: { id: { gt: anchor.id } } }),
      0,
      "a cut chain is not signed",
    );
    const state = await chainState();
    assert.equal(state.valid, false);
    assert.equal(state.broken_at.problem, "truncated");
    assert.match(
      state.broken_at.message,
      new RegExp(`behind checkpoint #${anchor.id} .* at position ${anchor.position}`),
    );
  } finally {
    for (const entry of cut) await db().$executeRawUnsafe(reinsert(entry));
  }
  assert.equal((await auditVerify()).code, 0, "put back, it verifies again");
});

test("a chain rewritten up to a checkpoint (an entry changed and its hash recomputed) is named against the checkpoint", async () => {
  const anchor = signedBy(await auditVerify());
  const entry = await lastEntry();
  assert.equal(entry.chainPosition, anchor.position);
  await db().$executeRawUnsafe(`UPDATE audit_log SET resource_id = 'rewritten' WHERE id = ${entry.id}`);
  const { verified, state } = await tampered(
    `UPDATE audit_log SET hash = audit_entry_hash(audit_log) WHERE id = ${entry.id}`,
    `UPDATE audit_log SET resource_id = '${entry.resourceId}', hash = '${entry.hash}' WHERE id = ${entry.id}`,
  );
  assert.equal(verified.code, 2);
  assert.match(
    verified.error,
    new RegExp(
      `entry #${entry.id} \\(position ${anchor.position}\\): its hash is not the one signed .* checkpoint #${anchor.id} `,
    ),
  );
  assert.deepEqual([state.broken_at.id, state.broken_at.problem], [entry.id, "checkpoint"]);
  assert.equal((await auditVerify()).code, 0, "put back, it verifies again");
});

test("a forged checkpoint is refused: one signed by another key under the service's kid, and a real one moved to another position", async () => {
  const anchor = signedBy(await auditVerify());
  const real = await db().auditCheckpoint.findUniqueOrThrow({ where: { id: anchor.id } });
  const { kid } = decodeProtectedHeader(real.jws);
  const { privateKey } = await generateKeyPair("ES256");
  const ahead = anchor.position + 100;
  const claims = { position: ahead, hash: "f".repeat(64), iat: Math.floor(Date.now() / 1000) };
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: "ES256", kid, typ: "audit-checkpoint+jws" })
    .sign(privateKey);
  const forged = await db().auditCheckpoint.create({
    data: { position: ahead, hash: claims.hash, jws, trigger: "verify" },
  });
  const moved = await db().auditCheckpoint.create({
    data: { position: ahead + 1, hash: real.hash, jws: real.jws, trigger: "verify" },
  });
  try {
    const verified = await auditVerify();
    assert.equal(verified.code, 0, verified.error);
    const printed = verified.printed.at(-1)!;
    assert.deepEqual(
      (printed.refused_checkpoints as Checkpoint[]).map((checkpoint) => checkpoint.id),
      [moved.id, forged.id],
    );
    assert.equal((printed.checkpoint as Checkpoint).id, anchor.id);
    assert.deepEqual(printed.checked, { from: anchor.position, to: anchor.position, full: false });
    const state = await chainState();
    assert.equal(state.valid, true);
    assert.deepEqual(
      state.refused_checkpoints.map((checkpoint: Checkpoint) => checkpoint.id),
      [moved.id, forged.id],
    );
  } finally {
    await db().auditCheckpoint.deleteMany({ where: { id: { in: [forged.id, moved.id] } } });
  }
});

test("an export of the audit log signs a checkpoint of the head, its own entry included", async () => {
  const admin = await staffSession(app, "admin");
  const day = new Date().toISOString().slice(0, 10);
  const response = await admin.request("/api/admin/audit-log/export", {
    method: "POST",
    json: { format: "jsonl", from: day, to: day },
  });
  assert.equal(response.status, 200);
  await response.text();
  const checkpoint = await db().auditCheckpoint.findFirstOrThrow({ orderBy: { id: "desc" } });
  const exported = await db().auditLog.findFirstOrThrow({
    where: { action: "export", resource: "audit_log" },
    orderBy: { id: "desc" },
  });
  assert.deepEqual(
    [checkpoint.trigger, checkpoint.position, checkpoint.hash],
    ["export", exported.chainPosition, exported.hash],
  );
});

test("the daily check signs one checkpoint a day (UTC) of the head, and the metric gives the last position", async () => {
  await auditedChange();
  await db().auditCheckpoint.deleteMany({ where: { trigger: "schedule" } });
  await Promise.all([runScheduledAuditCheckpoint(), runScheduledAuditCheckpoint()]);
  await runScheduledAuditCheckpoint();
  const scheduled = await db().auditCheckpoint.findMany({ where: { trigger: "schedule" } });
  assert.ok(scheduled.length >= 1 && scheduled.length <= 2, `${scheduled.length} for the day`);
  const head = await lastEntry();
  for (const checkpoint of scheduled)
    assert.deepEqual([checkpoint.position, checkpoint.hash], [head.chainPosition, head.hash]);

  const metrics = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  assert.equal(metrics.status, 200);
  assert.match(await metrics.text(), new RegExp(`^audit_checkpoint_position ${head.chainPosition}$`, "m"));
});

test("the schedule signs again, the same day, once the head is AUDIT_CHECKPOINT_EVERY_ENTRIES past the last valid checkpoint", async () => {
  const scheduled = () => db().auditCheckpoint.findMany({ where: { trigger: "schedule" }, orderBy: { id: "asc" } });
  const entries = (count: number) =>
    db().auditLog.createMany({
      data: Array.from({ length: count }, (_, n) => ({
        actor: "cli" as const,
        action: "update" as const,
        resource: "settings" as const,
        resourceId: String(n),
      })),
    });
  await runScheduledAuditCheckpoint();
  assert.equal((await auditVerify()).code, 0, "a checkpoint of the head");
  const signedBefore = (await scheduled()).length;

  await entries(AUDIT_CHECKPOINT_EVERY_ENTRIES - 1);
  await runScheduledAuditCheckpoint();
  assert.equal((await scheduled()).length, signedBefore, "today's is signed, and the head is not far enough");

  await entries(1);
  await Promise.all([runScheduledAuditCheckpoint(), runScheduledAuditCheckpoint()]);
  const signed = (await scheduled()).slice(signedBefore);
  assert.ok(signed.length >= 1 && signed.length <= 2, `${signed.length} signed for the entries`);
  const head = await lastEntry();
  for (const checkpoint of signed)
    assert.deepEqual([checkpoint.position, checkpoint.hash], [head.chainPosition, head.hash]);
  await runScheduledAuditCheckpoint();
  assert.equal((await scheduled()).length, signedBefore + signed.length, "nothing past the new one");
  const state = await chainState();
  assert.equal(state.valid, true);
  assert.deepEqual(state.checked, { from: head.chainPosition, to: head.chainPosition, full: false });
});
