/**
 * The rule against server-side request forgery (issue 27), under the default configuration (no
 * WEBHOOK_ALLOW_PRIVATE_TARGETS): a webhook URL that is http, or whose host is or resolves to a
 * loopback, private, link-local or metadata address, is refused when saved; and an endpoint that
 * reaches one anyway (stored before, or a name resolving elsewhere since) is refused when a delivery
 * connects, so nothing is sent to it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { newWebhookSecret, sealWebhookSecret } from "@/lib/domain/webhooks/webhook-secret";
import { db, startTestApp } from "./support/app";
import { staffSession } from "./support/staff";
import { until } from "./support/until";
import { startWebhookReceiver } from "./support/webhook-receiver";

const receiver = await startWebhookReceiver();
const app = await startTestApp({ WEBHOOK_DISPATCH_INTERVAL_MS: "50", WEBHOOK_RETRY_SCHEDULE: "100ms" });
const admin = await staffSession(app, "admin");
const clientId = (await db().apiClient.findFirstOrThrow({ where: { name: "Test app" } })).id;

test("a URL that is http, or reaches a loopback, private, link-local or metadata address, is refused when saved", async () => {
  const port = new URL(receiver.url).port;
  const refused = [
    receiver.url,
    `https://127.0.0.1:${port}/`,
    `https://localhost:${port}/hooks`,
    "https://127.1/",
    "https://2130706433/",
    "https://[::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://0.0.0.0/",
    "https://10.1.2.3/",
    "https://172.16.0.1/",
    "https://192.168.1.10/",
    "https://100.64.0.1/",
    "https://169.254.169.254/latest/meta-data/",
    "https://[fd00:ec2::254]/",
    "https://[fe80::1]/",
    "http://example.com/hooks",
  ];
  for (const url of refused) {
    const response = await admin.request(`/api/admin/clients/${clientId}/webhooks`, {
      method: "POST",
      json: { url, events: ["customer.registered"] },
    });
    assert.equal(response.status, 400, url);
    const [error] = (await response.json()).errors;
    assert.equal(error.param, "url", url);
    assert.ok(["not_allowed", "invalid"].includes(error.code), `${url}: ${error.code}`);
  }
  assert.equal(await db().webhookEndpoint.count(), 0);

  // Nor can an existing endpoint be pointed there.
  const endpoint = await db().webhookEndpoint.create({
    data: { apiClientId: clientId, url: "https://backend.example.com/hooks", events: [], secretBox: "v1.x" },
  });
  const moved = await admin.request(`/api/admin/clients/${clientId}/webhooks/${endpoint.id}`, {
    method: "PUT",
    json: { url: "https://169.254.169.254/" },
  });
  assert.equal(moved.status, 400);
  await db().webhookEndpoint.delete({ where: { id: endpoint.id } });
});

test("an endpoint that reaches a forbidden address anyway is refused at each connection: nothing is sent", async () => {
  const port = new URL(receiver.url).port;
  // Stored straight in the database, as a URL saved when its name still resolved elsewhere would be.
  const endpoints = await Promise.all(
    [`http://127.0.0.1:${port}/literal`, `http://localhost:${port}/by-name`].map((url) =>
      db().webhookEndpoint.create({
        data: {
          apiClientId: clientId,
          url,
          events: ["customer_registered"],
          secretBox: sealWebhookSecret(newWebhookSecret()),
        },
      }),
    ),
  );
  for (const endpoint of endpoints) {
    const sent = await admin.request(`/api/admin/clients/${clientId}/webhooks/${endpoint.id}/test`, {
      method: "POST",
    });
    assert.equal(sent.status, 202);
  }
  for (const endpoint of endpoints) {
    const delivery = await until(
      () =>
        db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id }, include: { attemptsMade: true } }),
      (row) => row.status === "failed",
    );
    assert.deepEqual(
      delivery.attemptsMade.map((attempt) => attempt.outcome),
      ["refused_target", "refused_target"],
      endpoint.url,
    );
  }
  assert.deepEqual(receiver.received(), [], "the receiver was never reached");
});

test("the endpoints' list says only public https targets are accepted, for the form's help", async () => {
  const listed = await admin.request(`/api/admin/clients/${clientId}/webhooks`);
  assert.equal(listed.status, 200);
  assert.equal(listed.headers.get("webhook-targets"), "public");
});
