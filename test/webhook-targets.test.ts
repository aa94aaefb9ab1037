/**
 * The rule against server-side request forgery (issue 27), under the default configuration (no
 * WEBHOOK_ALLOW_PRIVATE_TARGETS): a webhook URL that is http, or whose host is or resolves to a
 * loopback, private, link-local or metadata address, is refused when saved; and an endpoint that
 * reaches one anyway (stored before, or a name resolving elsewhere since) is refused when a delivery
 * connects, so nothing is sent to it. An IPv4 address written inside IPv6 (mapped, SIIT, IPv4-compatible,
 * NAT64, 6to4, Teredo) is judged as itself (issue 36).
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

/** 127.0.0.1 written inside IPv6 by each form that embeds an IPv4 address. */
const LOOPBACK_INSIDE_IPV6 = [
  "::127.0.0.1", // IPv4-compatible
  "::ffff:127.0.0.1", // mapped
  "::ffff:0:7f00:1", // SIIT, translated
  "64:ff9b::7f00:1", // NAT64, well-known prefix
  "64:ff9b:1::7f00:1", // NAT64, local-use prefix
  "2002:7f00:1::1", // 6to4
  "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo: the client's address is the inverted last 32 bits
];

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
    ...LOOPBACK_INSIDE_IPV6.map((host) => `https://[${host}]/`),
    "https://[64:ff9b::a00:1]/", // NAT64 of 10.0.0.1
    "https://[64:ff9b:1:a00:0:100::]/", // local NAT64 with a /48 prefix, of 10.0.0.1
    "https://[2002:a9fe:a9fe::1]/", // 6to4 of 169.254.169.254
    "https://[2001:db8::1]/", // documentation
    "https://[4000::1]/", // outside global unicast
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

test("a public IPv4 address inside IPv6 is judged as itself: accepted, as is a public IPv6 address", async () => {
  const accepted = [
    "https://[2606:4700:4700::1111]/",
    "https://[::ffff:8.8.8.8]/",
    "https://[64:ff9b::808:808]/", // what a DNS64 resolver answers for an IPv4-only receiver
    "https://[2002:808:808::1]/",
    "https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/", // Teredo, client 8.8.8.8
  ];
  for (const url of accepted) {
    const response = await admin.request(`/api/admin/clients/${clientId}/webhooks`, {
      method: "POST",
      json: { url, events: ["customer.registered"] },
    });
    assert.equal(response.status, 201, `${url}: ${await response.text()}`);
  }
  await db().webhookEndpoint.deleteMany({ where: { url: { in: accepted } } });
});

test("an endpoint that reaches a forbidden address anyway is refused at each connection: nothing is sent", async () => {
  const port = new URL(receiver.url).port;
  // Stored straight in the database, as a URL saved when its name still resolved elsewhere would be.
  const endpoints = await Promise.all(
    [
      `http://127.0.0.1:${port}/literal`,
      `http://localhost:${port}/by-name`,
      ...LOOPBACK_INSIDE_IPV6.map((host) => `http://[${host}]:${port}/inside-ipv6`),
    ].map((url) =>
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
