/**
 * Never lost, never invented (issue 27): the production server is killed (SIGKILL) during a burst of
 * registrations, then started again. Every registration that committed (each 201, and any whose answer
 * the kill cut off but whose account exists) is delivered at least once, and no delivery names an
 * account that does not exist. The deliveries still pending when the restarted server stops are sent
 * by a dispatch pass in this process, as the next start would.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { reloadConfig } from "@/lib/platform/config";
import { closeDatabase, db } from "@/lib/platform/db";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { dispatchDueWebhooks } from "@/lib/domain/webhooks/dispatch-webhooks";
import { newWebhookSecret, sealWebhookSecret } from "@/lib/domain/webhooks/webhook-secret";
import { prepareDatabase } from "@/lib/entry/server/prepare-database";
import { startServerProcess } from "@/tooling/server-process";
import { createPreparedTestDatabase } from "@/tooling/throwaway-database";
import { TEST_AUTH_SECRET } from "./support/app";
import { VERIFY_URL } from "./support/accounts";
import { until } from "./support/until";
import { startWebhookReceiver } from "./support/webhook-receiver";

const database = await createPreparedTestDatabase();
after(async () => {
  await closeDatabase();
  await database.drop();
});
const receiver = await startWebhookReceiver();

// The client and its endpoint, made here before the server takes the database.
const env = {
  DATABASE_URL: database.url,
  AUTH_SECRET: TEST_AUTH_SECRET,
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  WEBHOOK_DISPATCH_INTERVAL_MS: "20",
  WEBHOOK_TIMEOUT_MS: "1000",
  LOG_LEVEL: "error",
};
Object.assign(process.env, { NODE_ENV: "production", ...env });
reloadConfig();
await prepareDatabase();
const client = await createApiClient({ name: "Crash test", allowed_origins: ["https://app.example.com"] });
const secret = newWebhookSecret();
await db().webhookEndpoint.create({
  data: {
    apiClientId: client.id,
    url: `${receiver.url}/hooks`,
    events: ["customer_registered"],
    secretBox: sealWebhookSecret(secret),
  },
});
await closeDatabase();

const BURST_PREFIX = `burst.${process.pid}.`;

test("kill -9 during a burst of registrations: each committed one is delivered at least once, none invented", async () => {
  const first = await startServerProcess(env);
  const answered: string[] = [];
  let made = 0;
  let cutOff = 0;
  let killed = false;
  const registerUntilKilled = async () => {
    while (!killed) {
      const email = `${BURST_PREFIX}${++made}@example.org`;
      const response = await first
        .fetch("/client/v1/register", {
          method: "POST",
          headers: {
            "X-Client-ID": client.client_id,
            "X-Client-Secret": client.client_secret,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({
            email,
            password: "correct horse battery",
            confirm_password: "correct horse battery",
            email_verification_url: VERIFY_URL,
          }),
        })
        .catch(() => {
          cutOff++;
        });
      if (response?.status === 201) answered.push(email);
    }
  };
  const workers = Array.from({ length: 4 }, registerUntilKilled);
  await until(
    () => answered.length,
    (count) => count >= 12,
    { timeoutMs: 60_000 },
  );
  await first.kill();
  killed = true;
  await Promise.all(workers);

  const second = await startServerProcess(env);
  try {
    const delivered = () => new Set(receiver.received("/hooks").map((request) => JSON.parse(request.body).data.email));
    await until(delivered, (emails) => answered.every((email) => emails.has(email)), { timeoutMs: 60_000 });
  } finally {
    await second.stop();
  }

  // What the restarted server had not sent yet, as its next start would send it.
  reloadConfig();
  for (let pass = 0; pass < 50 && (await db().webhookDelivery.count({ where: { status: "pending" } })) > 0; pass++) {
    if ((await dispatchDueWebhooks()) === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const committed = (
    await db().customer.findMany({ where: { email: { startsWith: BURST_PREFIX } }, select: { email: true } })
  ).map(({ email }) => email);
  const requests = receiver.received("/hooks");
  for (const request of requests) new Webhook(secret).verify(request.body, request.headers);
  const delivered = new Set(requests.map((request) => JSON.parse(request.body).data.email as string));

  assert.ok(
    answered.every((email) => committed.includes(email)),
    "every 201 is an account",
  );
  assert.deepEqual(
    [...delivered].sort(),
    [...committed].sort(),
    "every committed registration delivered, and no other",
  );
  assert.ok(cutOff > 0, "the kill cut registrations off mid-request");
});
