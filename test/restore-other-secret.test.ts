import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, test } from "node:test";
import type { ServerProcess } from "@/tooling/server-process";
import { backupKind as kind, newPlace, type Place } from "./support/backups";
import { jsonLines, runCli } from "./support/cli";
import { type FakeResend, startFakeResend } from "./support/fake-resend";
import {
  adminOn,
  backUpWaitingDispatch,
  deliveriesOf,
  RESTORED_PATH,
  restoreInto,
  startSending,
  type WaitingBackup,
} from "./support/restored-copy";
import { until } from "./support/until";
import { startWebhookReceiver } from "./support/webhook-receiver";

/**
 * Issue 37: a restored copy under another AUTH_SECRET than its source's. The restore says what the
 * backup holds sealed and that this secret does not open it (and, with none set on the embedded
 * database, that a server would make a new one, and makes none itself). Resumed, the webhook
 * delivery whose signing secret cannot be opened fails at its first attempt, with that reason in the
 * admin API, and is not tried again; the link e-mail whose token cannot be opened fails likewise.
 * Nothing reaches the receiver or the e-mail provider. The copy with the source's secret:
 * test/restore-dispatch.test.ts.
 */
const OTHER_AUTH_SECRET = "another-auth-secret-not-the-sources-0123456789";
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-restore-other-secret-"));
const receiver = await startWebhookReceiver();

type Row = Record<string, unknown>;

describe(`a copy of ${kind === "pglite" ? "the embedded database" : "PostgreSQL"} under another AUTH_SECRET`, () => {
  let backup: WaitingBackup;
  let restored: Place;
  let server: ServerProcess | undefined;
  let resend: FakeResend;

  before(async () => {
    resend = await startFakeResend();
    restored = await newPlace(directory, "restored");
    backup = await backUpWaitingDispatch(directory, receiver);
  });

  after(async () => {
    await server?.stop();
    await resend?.close();
    await Promise.all([backup?.source, restored].map((place) => place?.drop()));
    fs.rmSync(directory, { recursive: true, force: true });
  });

  test("the restore says the secret is not the source's, and what is sealed under it", async () => {
    const outcome = await restoreInto(backup, restored, { AUTH_SECRET: OTHER_AUTH_SECRET });
    assert.equal(outcome.code, 0, outcome.stderr);
    const [summary] = jsonLines(outcome.stdout);
    assert.equal(summary.dispatch.paused, true);
    assert.equal(summary.sealed_secrets.opens_all, false);
    assert.deepEqual(summary.sealed_secrets.webhook_signing_secrets, { total: 1, tried: 1, opened: 0 });
    assert.deepEqual(summary.sealed_secrets.queued_email_links, { total: 1, tried: 1, opened: 0 });
    assert.match(outcome.stderr, /is NOT the source's.*1 webhook signing secrets, 1 queued email links/s);
  });

  test("on the embedded database with no AUTH_SECRET: the restore says a server would make a new one, and makes none", {
    skip: kind === "postgres" ? "on PostgreSQL the fallback secret is the working directory's, not the copy's" : false,
  }, async () => {
    const bare = await newPlace(directory, "bare");
    try {
      const outcome = await restoreInto(backup, bare, {});
      assert.equal(outcome.code, 0, outcome.stderr);
      const { auth_secret: source, opens_all } = jsonLines(outcome.stdout)[0].sealed_secrets;
      assert.deepEqual(source, { from: "none", file: path.join(directory, "auth-secret") });
      assert.equal(opens_all, false);
      assert.match(outcome.stderr, /AUTH_SECRET is not set here and none is kept in .*a new one is made/);
      assert.ok(!fs.existsSync(path.join(directory, "auth-secret")), "the restore made no secret");
    } finally {
      await bare.drop();
    }
  });

  test("resumed, the delivery fails at once with why and is not retried; the e-mail too", async () => {
    server = await startSending(restored, OTHER_AUTH_SECRET, resend);
    const admin = await adminOn(server, backup.staffEmail);
    const resumed = await runCli({ DATABASE_URL: restored.url }, "dispatch", "resume");
    assert.equal(resumed.code, 0, resumed.stderr);
    const [failed] = await until(
      () => deliveriesOf(admin, backup),
      (rows) => rows[0]?.status !== "pending",
      { timeoutMs: 30_000, everyMs: 100 },
    );
    assert.equal(failed.status, "failed");
    const attempts = failed.attempts_made as Row[];
    assert.deepEqual(
      attempts.map((attempt) => attempt.outcome),
      ["secret_unopenable"],
    );
    assert.match(String(attempts[0].response), /signing secret cannot be opened with this AUTH_SECRET/);

    const outbox = await until(
      async () => (await (await admin("/api/admin/outbox")).json()) as Row[],
      (rows) => rows.some((row) => row.to_address === backup.customerEmail && row.status !== "pending"),
      { timeoutMs: 30_000, everyMs: 100 },
    );
    const email = outbox.find((row) => row.to_address === backup.customerEmail);
    assert.equal(email?.status, "failed");
    assert.match(String(email?.last_error), /AUTH_SECRET/);

    // Passes keep running every 100 ms: neither is tried again, and nothing went out.
    await sleep(2_000);
    const [again] = await deliveriesOf(admin, backup);
    assert.deepEqual([again.status, again.attempts, (again.attempts_made as Row[]).length], ["failed", 1, 1]);
    assert.deepEqual(receiver.received(RESTORED_PATH), []);
    assert.deepEqual(resend.requests(), []);
  });
});
