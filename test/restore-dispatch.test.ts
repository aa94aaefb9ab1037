import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import type { ServerProcess } from "@/tooling/server-process";
import { TEST_AUTH_SECRET } from "./support/app";
import { backupKind as kind, newPlace, type Place, withDatabase } from "./support/backups";
import { jsonLines, runCli } from "./support/cli";
import { type FakeResend, startFakeResend } from "./support/fake-resend";
import {
  adminOn,
  backUpWaitingDispatch,
  deliveriesOf,
  METRICS_TOKEN,
  RESTORED_PATH,
  restoreInto,
  startSending,
  type WaitingBackup,
} from "./support/restored-copy";
import { until } from "./support/until";
import { startWebhookReceiver } from "./support/webhook-receiver";

/**
 * Issue 37: a restored copy does not act on the world by itself. The backup holds a webhook delivery
 * and a verification e-mail the source had not sent yet (test/support/restored-copy.ts). Restored
 * with the source's AUTH_SECRET, the copy starts with dispatch paused, and the restore says so and
 * that the secret is the source's; a server on it that would send both at once sends nothing, shows
 * the pause in /metrics, in `dispatch status` and to the back office, until `dispatch resume`
 * (audited, once of two at the same time) lets both go. Under another AUTH_SECRET:
 * test/restore-other-secret.test.ts.
 */
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-restore-dispatch-"));
const receiver = await startWebhookReceiver();

type Row = Record<string, unknown>;

describe(`a restored copy of ${kind === "pglite" ? "the embedded database" : "PostgreSQL"} sends nothing until resumed`, () => {
  let backup: WaitingBackup;
  let restored: Place;
  let server: ServerProcess | undefined;
  let resend: FakeResend;

  const cliOn = (...args: string[]) => runCli({ DATABASE_URL: restored.url }, ...args);
  const customerEmails = () => resend.deliveries().filter((delivery) => delivery.body.to === backup.customerEmail);
  const metrics = async (running: ServerProcess) =>
    (await fetch(`${running.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();

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

  test("the restore pauses dispatch and says that the copy's AUTH_SECRET is the source's", async () => {
    const outcome = await restoreInto(backup, restored, { AUTH_SECRET: TEST_AUTH_SECRET });
    assert.equal(outcome.code, 0, outcome.stderr);
    const [summary] = jsonLines(outcome.stdout);
    assert.equal(summary.dispatch.paused, true, JSON.stringify(summary.dispatch));
    assert.equal(summary.dispatch.resume_with, "npm run -s cli -- dispatch resume");
    assert.equal(summary.sealed_secrets.auth_secret.from, "AUTH_SECRET");
    assert.equal(summary.sealed_secrets.opens_all, true);
    assert.deepEqual(summary.sealed_secrets.webhook_signing_secrets, { total: 1, tried: 1, opened: 1 });
    assert.deepEqual(summary.sealed_secrets.queued_email_links, { total: 1, tried: 1, opened: 1 });
    assert.match(outcome.stderr, /E-mails and webhooks are paused on this copy.*npm run -s cli -- dispatch resume/);
    assert.match(outcome.stderr, /This AUTH_SECRET opens what the backup holds sealed/);
  });

  test("a server on the copy sends nothing while paused, and shows it; dispatch resume makes both go", async () => {
    server = await startSending(restored, TEST_AUTH_SECRET, resend);
    const admin = await adminOn(server, backup.staffEmail);
    const banner = await (await admin("/api/admin/dashboard/dispatch")).json();
    assert.equal(banner.paused, true);
    assert.match(banner.reason, /restored from a backup/);
    assert.equal(banner.resume_with, "npm run -s cli -- dispatch resume");
    assert.match(await metrics(server), /^dispatch_paused 1$/m);
    const status = await cliOn("dispatch", "status");
    assert.equal(status.code, 0, status.stderr);
    assert.equal(jsonLines(status.stdout)[0].paused, true);

    // Passes every 100 ms: dozens run meanwhile, and none claims the delivery or the e-mail.
    await sleep(3_000);
    assert.deepEqual(receiver.received(RESTORED_PATH), [], "no webhook sent while paused");
    assert.deepEqual(customerEmails(), [], "no e-mail sent while paused");
    assert.deepEqual(
      (await deliveriesOf(admin, backup)).map((row) => [row.status, row.attempts]),
      [["pending", 0]],
      "not even claimed",
    );

    const outcomes = await Promise.all([cliOn("dispatch", "resume"), cliOn("dispatch", "resume")]);
    for (const outcome of outcomes) assert.equal(outcome.code, 0, outcome.stderr);
    assert.deepEqual(
      outcomes.map((outcome) => jsonLines(outcome.stdout)[0].resumed).sort(),
      [false, true],
      "of two resumes at once, one resumed the pause",
    );

    const [webhook] = await until(
      () => receiver.received(RESTORED_PATH),
      (requests) => requests.length > 0,
      { timeoutMs: 30_000, everyMs: 100 },
    );
    const body = new Webhook(backup.endpoint.secret).verify(webhook.body, webhook.headers) as { type: string };
    assert.equal(body.type, "webhook.test", "signed with the secret shown at creation");
    await resend.waitForDelivery((delivery) => delivery.body.to === backup.customerEmail, 30_000);
    assert.equal((await (await admin("/api/admin/dashboard/dispatch")).json()).paused, false);
    assert.match(await metrics(server), /^dispatch_paused 0$/m);

    await server.stop();
    const audit = await withDatabase(restored, (query) =>
      query(
        "SELECT staff_id, resource::text, resource_id, before, after FROM audit_log WHERE action = 'resume_dispatch'",
      ),
    );
    assert.equal(audit.length, 1, "one entry: the second resume changed nothing");
    assert.equal(audit[0].staff_id, null, "by the command line");
    assert.equal(audit[0].resource, "dispatch");
    assert.equal((audit[0].before as Row).paused, true);
    assert.deepEqual(audit[0].after, { paused: false });
  });
});
