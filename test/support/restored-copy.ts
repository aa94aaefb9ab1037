import assert from "node:assert/strict";
import path from "node:path";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { registeredCustomer } from "./accounts";
import { TEST_AUTH_SECRET, testAppOn } from "./app";
import { type Place, preparedPlace } from "./backups";
import { jsonLines, runCli, runScript } from "./cli";
import type { FakeResend } from "./fake-resend";
import { signIn } from "./staff";
import type { WebhookReceiver } from "./webhook-receiver";

/**
 * For the tests of a restored copy (issue 37): a backup, made through the service, that holds what
 * the source had not sent yet (a webhook delivery to `receiver` and a customer's verification
 * e-mail), and servers that would send both at once (e-mails through a fake Resend, webhooks to the
 * loopback receiver, passes every 100 ms) on a copy restored from it.
 */
const ORIGIN = "https://app.example.com";
const STAFF_PASSWORD = "staff password for restores";
export const METRICS_TOKEN = "metrics-token-for-restore-tests";
export const RESTORED_PATH = "/restored";

const serverEnv = {
  WEB_CONCURRENCY: "1",
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  STAFF_MFA_REQUIRED_ROLES: "none",
  METRICS_TOKEN,
};

export type WaitingBackup = {
  file: string;
  source: Place;
  client: { id: number; clientId: string; clientSecret: string };
  endpoint: { id: number; secret: string };
  staffEmail: string;
  customerEmail: string;
};

/** An admin's fetch for /api/admin on `server`, signed in (no two-factor: STAFF_MFA_REQUIRED_ROLES is none). */
export async function adminOn(server: { url: string }, staffEmail: string) {
  const { jar, status } = await signIn(server, staffEmail, STAFF_PASSWORD);
  assert.equal(status, 200);
  return (route: string, init: RequestInit = {}) =>
    fetch(`${server.url}${route}`, { ...init, headers: { Cookie: jar.header(), "Content-Type": "application/json" } });
}

export type AdminFetch = Awaited<ReturnType<typeof adminOn>>;

/** The endpoint's deliveries as the admin API lists them, each with its attempts. */
export const deliveriesOf = async (admin: AdminFetch, backup: WaitingBackup) =>
  (await (
    await admin(`/api/admin/clients/${backup.client.id}/webhooks/${backup.endpoint.id}/deliveries`)
  ).json()) as Record<string, unknown>[];

/**
 * Makes the source in `directory` through a server that sends nothing (no RESEND_API_KEY, an hour
 * between webhook passes), then its backup, the server stopped.
 */
export async function backUpWaitingDispatch(directory: string, receiver: WebhookReceiver): Promise<WaitingBackup> {
  const source = await preparedPlace(directory, "source");
  const server = await startServerProcess({
    ...serverEnv,
    DATABASE_URL: source.url,
    AUTH_SECRET: TEST_AUTH_SECRET,
    WEBHOOK_DISPATCH_INTERVAL_MS: "3600000",
  });
  try {
    const cli = (...args: string[]) => runCli({ DATABASE_URL: source.url }, ...args);
    const staffEmail = "restores.admin@staff.example.org";
    const [created, made] = await Promise.all([
      cli("clients", "create", "--name", "Restored", "--origin", ORIGIN),
      cli("staff", "create", "--email", staffEmail, "--role", "admin", "--password", STAFF_PASSWORD),
    ]);
    assert.equal(created.code, 0, created.stderr);
    assert.equal(made.code, 0, made.stderr);
    const [madeClient] = jsonLines(created.stdout);
    const client = { id: madeClient.id, clientId: madeClient.client_id, clientSecret: madeClient.client_secret };
    const customerEmail = (await registeredCustomer(testAppOn(server.url, client))).email;

    const admin = await adminOn(server, staffEmail);
    const madeEndpoint = await admin(`/api/admin/clients/${client.id}/webhooks`, {
      method: "POST",
      body: JSON.stringify({ url: `${receiver.url}${RESTORED_PATH}`, events: ["customer.closed"] }),
    });
    assert.equal(madeEndpoint.status, 201, await madeEndpoint.clone().text());
    const endpoint = await madeEndpoint.json();
    const queued = await admin(`/api/admin/clients/${client.id}/webhooks/${endpoint.id}/test`, { method: "POST" });
    assert.equal(queued.status, 202);
    const backup = { file: path.join(directory, "remit.backup"), source, client, endpoint, staffEmail, customerEmail };
    assert.deepEqual(
      (await deliveriesOf(admin, backup)).map((row) => [row.status, row.attempts]),
      [["pending", 0]],
    );
    await server.stop();
    const backedUp = await runScript("scripts/db.ts", { DATABASE_URL: source.url }, "backup", backup.file);
    assert.equal(backedUp.code, 0, backedUp.stderr);
    return backup;
  } finally {
    await server.stop();
  }
}

/** `npm run db:restore` of `backup` into `place`, with `env` (AUTH_SECRET) added. */
export const restoreInto = (backup: WaitingBackup, place: Place, env: Record<string, string>) =>
  runScript("scripts/db.ts", { DATABASE_URL: place.url, ...env }, "restore", backup.file);

/** A server on `place` that sends at once: e-mails through `resend`, webhooks to the receiver, passes every 100 ms. */
export const startSending = (place: Place, authSecret: string, resend: FakeResend): Promise<ServerProcess> =>
  startServerProcess({
    ...serverEnv,
    DATABASE_URL: place.url,
    AUTH_SECRET: authSecret,
    RESEND_API_KEY: "re_test_key",
    RESEND_BASE_URL: resend.url,
    EMAIL_DISPATCH_INTERVAL_MS: "100",
    WEBHOOK_DISPATCH_INTERVAL_MS: "100",
  });
