/**
 * Signed webhooks (issue 27) over HTTP against the production build, to a receiver on a loopback
 * port (so WEBHOOK_ALLOW_PRIVATE_TARGETS=true here; test/webhook-targets.test.ts checks the rule
 * without it): the admin API of endpoints, every event of the account flows, each delivery verified
 * with the `standardwebhooks` package as a receiver would, a secret's rotation, retries with a short
 * schedule, the deliveries list and replay, the metrics, and hostile input. The events of the profile,
 * its review and two-factor: each change point, and that a refused change sends nothing.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { generate } from "otplib";
import { Webhook } from "standardwebhooks";
import { db, startTestApp } from "./support/app";
import { reviewView, staffSession } from "./support/staff";
import {
  bearer,
  DEVICE,
  login,
  RESET_URL,
  register,
  registeredCustomer,
  tokenFromLatestEmail,
  uniqueEmail,
  VERIFY_URL,
} from "./support/accounts";
import { until } from "./support/until";
import { type ReceivedWebhook, startWebhookReceiver } from "./support/webhook-receiver";

const METRICS_TOKEN = "metrics-token-for-the-webhook-tests";
const receiver = await startWebhookReceiver();
const app = await startTestApp({
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  WEBHOOK_DISPATCH_INTERVAL_MS: "50",
  WEBHOOK_RETRY_SCHEDULE: "300ms,600ms",
  WEBHOOK_TIMEOUT_MS: "3000",
  METRICS_TOKEN,
});
const admin = await staffSession(app, "admin");
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");
const clientId = (await db().apiClient.findFirstOrThrow({ where: { name: "Test app" } })).id;

const ALL_EVENTS = [
  "customer.registered",
  "customer.email_verified",
  "customer.email_changed",
  "customer.password_changed",
  "customer.blocked",
  "customer.unblocked",
  "customer.closed",
  "customer.new_device",
  "customer.profile_updated",
  "customer.kyc_status_changed",
  "customer.mfa_enabled",
  "customer.mfa_disabled",
  "customer.passkey.added",
  "customer.passkey.removed",
  "customer.sca.locked",
];

type Endpoint = { id: number; url: string; events: string[]; secret: string; enabled: boolean };

async function createEndpoint(path: string, events = ALL_EVENTS): Promise<Endpoint> {
  const response = await admin.request(`/api/admin/clients/${clientId}/webhooks`, {
    method: "POST",
    json: { url: `${receiver.url}${path}`, events },
  });
  assert.equal(response.status, 201, await response.clone().text());
  return response.json();
}

/** The body of a received webhook, verified with `secret` by the standardwebhooks package (it throws otherwise). */
const verified = (secret: string, request: ReceivedWebhook) =>
  new Webhook(secret).verify(request.body, request.headers) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };

/** Waits until `path` received `count` requests, and returns them. */
const receivedAt = (path: string, count: number) =>
  until(
    () => receiver.received(path),
    (requests) => requests.length >= count,
    { timeoutMs: 20_000 },
  );

/**
 * Waits until `path` received `count` distinct deliveries, and returns the first request of each: on a
 * loaded machine an answer can come after the time-out, and the delivery then arrives again with its
 * webhook-id, which a receiver drops, as this does.
 */
async function distinctAt(path: string, count: number): Promise<ReceivedWebhook[]> {
  const firstOfEach = () => [
    ...new Map(
      receiver
        .received(path)
        .reverse()
        .map((request) => [request.headers["webhook-id"], request]),
    ).values(),
  ];
  return until(firstOfEach, (requests) => requests.length >= count, { timeoutMs: 20_000 });
}

const endpointPath = (endpoint: { id: number }) => `/api/admin/clients/${clientId}/webhooks/${endpoint.id}`;

test("an admin creates an endpoint: its secret once, in the answer; the list, the audit log and the database hold it only sealed", async () => {
  const endpoint = await createEndpoint("/created", ["customer.registered", "customer.registered"]);
  assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.deepEqual(endpoint.events, ["customer.registered"], "each event once");
  assert.equal(endpoint.enabled, true);

  const list = await (await operations.request(`/api/admin/clients/${clientId}/webhooks`)).json();
  const listed = list.find((row: Endpoint) => row.id === endpoint.id);
  assert.equal(listed.url, `${receiver.url}/created`);
  assert.equal("secret" in listed, false, "the list never shows the secret");

  const audit = await db().auditLog.findFirstOrThrow({
    where: { resource: "webhooks", resourceId: String(endpoint.id), action: "create" },
  });
  assert.equal(audit.staffId, admin.staff.id);
  const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
  const secretBody = endpoint.secret.slice("whsec_".length);
  for (const stored of [JSON.stringify(audit), JSON.stringify(row)]) {
    assert.ok(!stored.includes(secretBody), "the secret is stored sealed, and never audited");
  }

  for (const session of [operations, compliance]) {
    const refused = await session.request(`/api/admin/clients/${clientId}/webhooks`, {
      method: "POST",
      json: { url: `${receiver.url}/x`, events: ["customer.registered"] },
    });
    assert.equal(refused.status, 403, "admins only");
  }
  assert.equal((await admin.request(endpointPath(endpoint), { method: "DELETE" })).status, 200);
});

test("every account event reaches a subscribed endpoint, signed, with the account and what changed and never a secret", async () => {
  const endpoint = await createEndpoint("/all");
  const customer = await registeredCustomer(app);
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });

  const verify = await app.request("/client/v1/verify-email", {
    method: "POST",
    headers: DEVICE,
    form: { token: await tokenFromLatestEmail(customer.email, "verify_email") },
  });
  assert.equal(verify.status, 200);
  const fromNewDevice = { ...DEVICE, "X-Client-Fingerprint": "fp-another-phone" };
  const loggedIn = await login(app, customer.email, customer.password, fromNewDevice);
  assert.equal(loggedIn.status, 200);

  const changedPassword = "a fresh and unusual passphrase";
  const change = await app.request("/client/v1/change-password", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(customer.token) },
    form: { current_password: customer.password, password: changedPassword, confirm_password: changedPassword },
  });
  assert.equal(change.status, 200, await change.clone().text());
  const forgot = await app.request("/client/v1/forgot-password", {
    method: "POST",
    headers: DEVICE,
    form: { email: customer.email, reset_password_url: RESET_URL },
  });
  assert.equal(forgot.status, 200);
  const resetPassword = "another fresh and unusual passphrase";
  const reset = await app.request("/client/v1/reset-password", {
    method: "POST",
    headers: DEVICE,
    form: {
      token: await tokenFromLatestEmail(customer.email, "reset_password"),
      password: resetPassword,
      confirm_password: resetPassword,
    },
  });
  assert.equal(reset.status, 200, await reset.clone().text());

  const { token } = await (await login(app, customer.email, resetPassword)).json();
  const newEmail = uniqueEmail("moved");
  const askChange = await app.request("/client/v1/change-email", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(token) },
    form: { email: newEmail, password: resetPassword, email_verification_url: VERIFY_URL },
  });
  assert.equal(askChange.status, 200, await askChange.clone().text());
  const confirmChange = await app.request("/client/v1/verify-email", {
    method: "POST",
    headers: DEVICE,
    form: { token: await tokenFromLatestEmail(newEmail, "change_email") },
  });
  assert.equal(confirmChange.status, 200);

  for (const action of ["block", "unblock"]) {
    const response = await compliance.request(`/api/admin/customers/${id}/${action}`, {
      method: "POST",
      json: { reason: "KYC review" },
    });
    assert.equal(response.status, 200);
  }
  const { token: last } = await (await login(app, newEmail, resetPassword)).json();
  const close = await app.request("/client/v1/close-account", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(last) },
    form: { password: resetPassword },
  });
  assert.equal(close.status, 200, await close.clone().text());

  const expected = [
    ["customer.registered", { customer_id: id, email: customer.email }],
    ["customer.email_verified", { customer_id: id, email: customer.email }],
    [
      "customer.new_device",
      { customer_id: id, email: customer.email, ip: DEVICE["X-Client-IP"], user_agent: DEVICE["X-Client-UA"] },
    ],
    ["customer.password_changed", { customer_id: id, email: customer.email, reason: "changed" }],
    ["customer.password_changed", { customer_id: id, email: customer.email, reason: "reset" }],
    ["customer.email_changed", { customer_id: id, email: newEmail, previous_email: customer.email }],
    ["customer.blocked", { customer_id: id, email: newEmail }],
    ["customer.unblocked", { customer_id: id, email: newEmail }],
    ["customer.closed", { customer_id: id, email: newEmail }],
  ];
  const requests = await distinctAt("/all", expected.length);
  const bodies = requests.map((request) => verified(endpoint.secret, request));
  assert.deepEqual(
    bodies.map((body) => [body.type, body.data]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    expected.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  );
  for (const request of requests) {
    assert.match(request.headers["webhook-id"], /^[0-9a-f-]{36}$/);
    assert.equal(request.headers["content-type"], "application/json");
    assert.doesNotMatch(request.body, /password"|token|hash|\$argon2/i, "never a password, a token or a hash");
  }
  for (const body of bodies) assert.ok(!Number.isNaN(Date.parse(body.timestamp)), body.timestamp);
  await admin.request(endpointPath(endpoint), { method: "DELETE" });
});

test("a change that fails sends nothing: a registration refused for a taken address, a wrong current password", async () => {
  await createEndpoint("/failures", ["customer.registered", "customer.password_changed"]);
  const customer = await registeredCustomer(app);
  await receivedAt("/failures", 1);
  const twice = await register(app, customer.email);
  assert.equal(twice.status, 400);
  const wrong = await app.request("/client/v1/change-password", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(customer.token) },
    form: {
      current_password: "not the password at all",
      password: "x fresh passphrase 1",
      confirm_password: "x fresh passphrase 1",
    },
  });
  assert.equal(wrong.status, 400);
  // A later registration's delivery arrives after anything the failures could have queued.
  await registeredCustomer(app);
  const requests = await distinctAt("/failures", 2);
  assert.deepEqual(
    requests.map((request) => JSON.parse(request.body).type),
    ["customer.registered", "customer.registered"],
  );
  assert.equal(await db().webhookDelivery.count({ where: { endpoint: { url: `${receiver.url}/failures` } } }), 2);
});

test("after a rotation both secrets sign for the overlap: a receiver with either verifies; the test event is signed so", async () => {
  const endpoint = await createEndpoint("/rotated", ["customer.registered"]);
  const rotation = await admin.request(`${endpointPath(endpoint)}/rotate`, { method: "POST" });
  assert.equal(rotation.status, 200);
  const rotated = await rotation.json();
  assert.match(rotated.secret, /^whsec_/);
  assert.notEqual(rotated.secret, endpoint.secret);
  assert.ok(Date.parse(rotated.previous_secret_until) > Date.now() + 23 * 60 * 60 * 1000, "about 24 hours");

  const sent = await admin.request(`${endpointPath(endpoint)}/test`, { method: "POST" });
  assert.equal(sent.status, 202);
  const [request] = await receivedAt("/rotated", 1);
  const signatures = request.headers["webhook-signature"].split(" ");
  assert.equal(signatures.length, 2);
  for (const signature of signatures) assert.match(signature, /^v1,[A-Za-z0-9+/]{43}=$/);
  assert.equal(verified(rotated.secret, request).type, "webhook.test");
  assert.equal(verified(endpoint.secret, request).type, "webhook.test");
  assert.throws(() => verified(`whsec_${Buffer.alloc(32, 1).toString("base64")}`, request), /signature/i);

  const audit = await db().auditLog.findMany({ where: { resource: "webhooks", resourceId: String(endpoint.id) } });
  assert.deepEqual(audit.map((entry) => entry.action).sort(), ["create", "rotate_secret", "test"]);
  assert.ok(!JSON.stringify(audit).includes(rotated.secret.slice(6)), "no secret in the audit log");
});

test("a failing receiver is retried on the schedule with the same webhook-id and body, then delivered; one that never answers ends failed", async () => {
  receiver.answer = (path, n) =>
    path === "/flaky" && n <= 2
      ? { status: 503, body: `busy ${"x".repeat(3000)}` }
      : path === "/down"
        ? { status: 500, body: "down" }
        : path === "/hanging"
          ? "hang"
          : { status: 204 };
  const flaky = await createEndpoint("/flaky", ["customer.registered"]);
  const down = await createEndpoint("/down", ["customer.registered"]);
  const hanging = await createEndpoint("/hanging", ["customer.registered"]);
  const refused = await admin.request(`/api/admin/clients/${clientId}/webhooks`, {
    method: "POST",
    json: { url: "http://127.0.0.1:9/closed-port", events: ["customer.registered"] },
  });
  assert.equal(refused.status, 201);
  await registeredCustomer(app);

  const attempts = await receivedAt("/flaky", 3);
  assert.equal(new Set(attempts.map((request) => request.headers["webhook-id"])).size, 1, "one webhook-id");
  assert.equal(new Set(attempts.map((request) => request.body)).size, 1, "the same body");
  assert.ok(attempts[1].receivedAt - attempts[0].receivedAt >= 300, "the first retry waits its step");
  assert.ok(attempts[2].receivedAt - attempts[1].receivedAt >= 600, "the second waits the next");

  const final = async (endpointId: number) =>
    until(
      () =>
        db().webhookDelivery.findFirstOrThrow({
          where: { endpointId },
          include: { attemptsMade: { orderBy: { attemptedAt: "asc" } } },
        }),
      (delivery) => delivery.status !== "pending",
      { timeoutMs: 20_000 },
    );
  const delivered = await final(flaky.id);
  assert.equal(delivered.status, "delivered");
  assert.deepEqual(
    delivered.attemptsMade.map((attempt) => [attempt.outcome, attempt.statusCode]),
    [
      ["http_error", 503],
      ["http_error", 503],
      ["success", 204],
    ],
  );
  assert.equal(delivered.attemptsMade[0].response.length, 1024, "the first 1 KB of the answer");

  const failures = {
    [down.id]: "http_error",
    [hanging.id]: "timeout",
    [(await refused.json()).id]: "connection_error",
  };
  for (const [endpointId, outcome] of Object.entries(failures)) {
    const failed = await final(Number(endpointId));
    assert.equal(failed.status, "failed");
    assert.deepEqual(
      failed.attemptsMade.map((attempt) => attempt.outcome),
      [outcome, outcome, outcome],
      "the first attempt and one per step of the schedule",
    );
  }
  receiver.answer = () => ({ status: 204 });
  for (const id of Object.keys(failures)) {
    await admin.request(endpointPath({ id: Number(id) }), { method: "DELETE" });
  }
});

test("an endpoint that failed everything for 5 days is disabled, shown so, and enabling it sends what waited", async () => {
  receiver.answer = (path) => (path === "/dead" ? { status: 500 } : { status: 204 });
  const endpoint = await createEndpoint("/dead", ["customer.registered"]);
  await db().webhookEndpoint.update({
    where: { id: endpoint.id },
    data: { failingSince: new Date(Date.now() - 5 * 24 * 60 * 60 * 1000 - 60_000) },
  });
  await admin.request(`${endpointPath(endpoint)}/test`, { method: "POST" });
  const listed = async () =>
    ((await (await admin.request(`/api/admin/clients/${clientId}/webhooks`)).json()) as Endpoint[]).find(
      (row) => row.id === endpoint.id,
    ) as Endpoint & { auto_disabled_at: string | null };
  const disabled = await until(listed, (row) => row.enabled === false);
  assert.ok(disabled.auto_disabled_at);

  await registeredCustomer(app);
  receiver.answer = () => ({ status: 204 });
  const enabled = await admin.request(endpointPath(endpoint), { method: "PUT", json: { enabled: true } });
  assert.equal(enabled.status, 200);
  assert.equal((await enabled.json()).auto_disabled_at, null);
  await until(
    () => db().webhookDelivery.count({ where: { endpointId: endpoint.id, status: "delivered" } }),
    (n) => n >= 1,
  );
});

test("the endpoints' list says which targets this server accepts, for the form's help", async () => {
  const listed = await operations.request(`/api/admin/clients/${clientId}/webhooks`);
  assert.equal(listed.status, 200);
  assert.equal(listed.headers.get("webhook-targets"), "any");
});

test("the deliveries list filters by event and outcome, shows each attempt and the body, and a replay sends the same delivery again", async () => {
  receiver.answer = (path, n) =>
    path === "/listed" && n === 1 ? { status: 500, body: "first refusal" } : { status: 200, body: "ok" };
  const endpoint = await createEndpoint("/listed", ["customer.registered"]);
  await registeredCustomer(app);
  await admin.request(`${endpointPath(endpoint)}/test`, { method: "POST" });
  await until(
    () => db().webhookDelivery.count({ where: { endpointId: endpoint.id, status: "delivered" } }),
    (n) => n === 2,
    { timeoutMs: 20_000 },
  );
  const list = (filter: Record<string, string>) =>
    operations.request(
      `${endpointPath(endpoint)}/deliveries?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["created_at","ASC"]')}`,
    );
  const all = await list({});
  assert.equal(all.status, 200);
  assert.match(all.headers.get("content-range") ?? "", /\/2$/);
  const [registered] = await (await list({ event: "customer.registered" })).json();
  assert.equal(registered.event, "customer.registered");
  assert.deepEqual(
    registered.attempts_made.map((attempt: { outcome: string; status_code: number; response: string }) => [
      attempt.outcome,
      attempt.status_code,
      attempt.response,
    ]),
    [
      ["http_error", 500, "first refusal"],
      ["success", 200, "ok"],
    ],
  );
  assert.equal(typeof registered.attempts_made[0].duration_ms, "number");
  assert.deepEqual(await (await list({ event: "webhook.test" })).json().then((rows) => rows.length), 1);
  assert.deepEqual(await (await list({ status: "failed" })).json(), []);
  assert.deepEqual(await (await list({ event: "no.such_event" })).json(), []);

  const before = receiver.received("/listed").length;
  const replay = await admin.request(`${endpointPath(endpoint)}/deliveries/${registered.id}/replay`, {
    method: "POST",
  });
  assert.equal(replay.status, 202);
  const again = (await receivedAt("/listed", before + 1)).at(-1)!;
  assert.equal(again.headers["webhook-id"], registered.id, "the same webhook-id, so a receiver may drop it");
  // The back office shows the body a delivery sends: the very bytes the receiver got.
  assert.equal(registered.body, again.body);
  assert.equal(JSON.parse(again.body).type, "customer.registered");
  const audit = await db().auditLog.findFirstOrThrow({ where: { resource: "webhooks", action: "replay" } });
  assert.deepEqual(audit.after, { delivery_id: registered.id });
  assert.equal(
    (await operations.request(`${endpointPath(endpoint)}/deliveries/${registered.id}/replay`, { method: "POST" }))
      .status,
    403,
  );
  for (const id of ["not-a-delivery", "%00", "00000000-0000-0000-0000-000000000000"]) {
    const missing = await admin.request(`${endpointPath(endpoint)}/deliveries/${id}/replay`, { method: "POST" });
    assert.equal(missing.status, 404, id);
  }
});

test("the metrics count attempts by outcome and the deliveries by status, with the oldest pending one's age", async () => {
  const response = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  assert.match(text, /^webhook_delivery_attempts_total\{outcome="success"\} [1-9]/m);
  assert.match(text, /^webhook_delivery_attempts_total\{outcome="http_error"\} [1-9]/m);
  assert.match(text, /^webhook_deliveries\{status="delivered"\} [1-9]/m);
  assert.match(text, /^webhook_deliveries\{status="failed"\} \d/m);
  assert.match(text, /^webhook_deliveries\{status="pending"\} \d/m);
  assert.match(text, /^webhook_deliveries_oldest_pending_age_seconds \d/m);
});

test("hostile input: a clear 400 for a long, malformed or unknown URL or event, and the limit of endpoints holds under concurrency", async () => {
  const create = (json: unknown) => admin.request(`/api/admin/clients/${clientId}/webhooks`, { method: "POST", json });
  const cases: [unknown, string][] = [
    [{ url: `https://example.com/${"a".repeat(2100)}`, events: ["customer.registered"] }, "url"],
    [{ url: "https://example.com/\u0000x", events: ["customer.registered"] }, "url"],
    [{ url: "https://exa\u0007mple.com/", events: ["customer.registered"] }, "url"],
    [{ url: "not a url", events: ["customer.registered"] }, "url"],
    [{ url: "ftp://example.com/", events: ["customer.registered"] }, "url"],
    [{ url: "https://user:pass@example.com/", events: ["customer.registered"] }, "url"],
    [{ url: 42, events: ["customer.registered"] }, "url"],
    [{ url: "https://example.com/" }, "events"],
    [{ url: "https://example.com/", events: [] }, "events"],
    [{ url: "https://example.com/", events: "customer.registered" }, "events"],
    [{ url: "https://example.com/", events: ["customer.registred"] }, "events.0"],
    [{ url: "https://example.com/", events: ["webhook.test"] }, "events.0"],
    [{ url: "https://example.com/", events: [{}] }, "events.0"],
    [{ url: "https://example.com/", events: Array(100).fill("customer.registered") }, "events"],
  ];
  for (const [json, param] of cases) {
    const response = await create(json);
    assert.equal(response.status, 400, JSON.stringify(json).slice(0, 100));
    const body = await response.json();
    assert.ok(
      body.errors?.some((field: { param: string }) => field.param === param) ?? false,
      `${param}: ${JSON.stringify(body)}`,
    );
  }
  const endpoint = await createEndpoint("/hostile", ["customer.registered"]);
  for (const json of [{ enabled: "yes" }, { events: ["nope"] }, { url: "https://x.example/\u0001" }]) {
    assert.equal(
      (await admin.request(endpointPath(endpoint), { method: "PUT", json })).status,
      400,
      JSON.stringify(json),
    );
  }
  for (const path of [
    `/api/admin/clients/${clientId}/webhooks/abc`,
    `/api/admin/clients/${clientId}/webhooks/999999`,
    "/api/admin/clients/999999/webhooks/1",
  ]) {
    assert.equal((await admin.request(path, { method: "PUT", json: { enabled: false } })).status, 404, path);
  }
  const filter = await admin.request(
    `${endpointPath(endpoint)}/deliveries?filter=${encodeURIComponent('{"event":"a\\u0000"}')}`,
  );
  assert.equal(filter.status, 400);

  // A client of its own, so the endpoints made above do not count.
  const other = await (
    await admin.request("/api/admin/clients", {
      method: "POST",
      json: { name: "Limits", allowed_origins: ["https://limits.example.com"] },
    })
  ).json();
  // Concurrent creations wait for each other's transaction: on a loaded machine one may find no free
  // connection in time (a 503 with Retry-After), which a client retries.
  const createUntilAnswered = async (index: number): Promise<Response> => {
    const answer = await admin.request(`/api/admin/clients/${other.id}/webhooks`, {
      method: "POST",
      json: { url: `${receiver.url}/limit/${index}`, events: ["customer.registered"] },
    });
    return answer.status === 503 ? createUntilAnswered(index) : answer;
  };
  const answers = await Promise.all(Array.from({ length: 14 }, (_, index) => createUntilAnswered(index)));
  const statuses = answers.map((answer) => answer.status).sort();
  assert.deepEqual(statuses, [...Array(10).fill(201), ...Array(4).fill(400)]);
  assert.equal(await db().webhookEndpoint.count({ where: { apiClientId: other.id } }), 10);
});

/** The events `path` received from distinct deliveries, verified with `secret`, as sorted [type, data] pairs. */
async function eventsAt(path: string, secret: string, count: number) {
  const requests = await distinctAt(path, count);
  return requests
    .map((request) => verified(secret, request))
    .map((body) => [body.type, body.data])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

const sortedPairs = (pairs: unknown[][]) => pairs.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

const PROFILE = {
  given_names: "Ana Maria",
  family_name: "Quintanilha",
  date_of_birth: "1990-04-01",
  phone: "+44 7911 123456",
  address_line1: "1 Zebrastraat Lane",
  address_city: "London",
  address_postcode: "SW1A 2AA",
  address_country: "GB",
  country_of_residence: "GB",
  nationality: "PT",
};

const changeProfile = (token: string, json: Record<string, unknown>) =>
  app.request("/client/v1/me/profile", { method: "POST", headers: { ...DEVICE, ...bearer(token) }, json });

test("customer.profile_updated names the fields changed, never their values; a refused or empty change sends nothing", async () => {
  const endpoint = await createEndpoint("/profile", ["customer.profile_updated"]);
  const customer = await registeredCustomer(app);
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });

  const first = await changeProfile(customer.token, { phone: PROFILE.phone, address_line1: PROFILE.address_line1 });
  assert.equal(first.status, 200, await first.clone().text());
  // Refused by validation inside the transaction (the phone is not a number; the address not in the country of residence).
  const refused = await changeProfile(customer.token, { phone: "not a phone", given_names: "Refused" });
  assert.equal(refused.status, 400);
  const mismatch = await changeProfile(customer.token, { country_of_residence: "GB", address_country: "FR" });
  assert.equal(mismatch.status, 400);
  const same = await changeProfile(customer.token, { address_line1: PROFILE.address_line1 });
  assert.equal(same.status, 200, "the same value again: no change");
  const second = await changeProfile(customer.token, { address_line2: "Flat 2" });
  assert.equal(second.status, 200);

  const events = await eventsAt("/profile", endpoint.secret, 2);
  assert.deepEqual(
    events,
    sortedPairs([
      [
        "customer.profile_updated",
        { customer_id: id, email: customer.email, changed_fields: ["phone", "address_line1"] },
      ],
      ["customer.profile_updated", { customer_id: id, email: customer.email, changed_fields: ["address_line2"] }],
    ]),
  );
  for (const request of receiver.received("/profile")) {
    assert.doesNotMatch(request.body, /7911|Zebrastraat|Flat 2|Refused/, "no value of the profile");
  }
  assert.equal(await db().webhookDelivery.count({ where: { endpointId: endpoint.id } }), 2);
  await admin.request(endpointPath(endpoint), { method: "DELETE" });
});

test("customer.kyc_status_changed at a submit, each staff decision (without its reason) and an identity change of a verified profile", async () => {
  const endpoint = await createEndpoint("/kyc", ["customer.kyc_status_changed"]);
  const customer = await registeredCustomer(app);
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  const submit = () =>
    app.request("/client/v1/me/profile/submit", { method: "POST", headers: { ...DEVICE, ...bearer(customer.token) } });
  const decide = async (status: string, reason: string) =>
    compliance.request(`/api/admin/customers/${id}/kyc`, {
      method: "POST",
      json: { status, reason, ...(await reviewView(compliance.request, id)) },
    });

  assert.equal((await submit()).status, 400, "an incomplete profile is refused: no change");
  assert.equal((await changeProfile(customer.token, PROFILE)).status, 200);
  assert.equal((await submit()).status, 200);
  assert.equal((await submit()).status, 200, "already pending_review: answered as it is, nothing sent");
  assert.equal((await decide("verified", "Passport checked by Jo")).status, 200);
  assert.equal((await decide("verified", "Twice")).status, 400, "already verified: nothing sent");
  assert.equal((await changeProfile(customer.token, { address_line2: "Flat 3" })).status, 200, "not identity");
  assert.equal((await changeProfile(customer.token, { family_name: "Silva" })).status, 200);
  assert.equal((await decide("rejected", "Document expired per Jo")).status, 200);
  assert.equal((await submit()).status, 200);

  const change = (kyc_status: string, previous_kyc_status: string) => [
    "customer.kyc_status_changed",
    { customer_id: id, email: customer.email, kyc_status, previous_kyc_status },
  ];
  const expected = sortedPairs([
    change("pending_review", "not_submitted"),
    change("verified", "pending_review"),
    change("pending_review", "verified"),
    change("rejected", "pending_review"),
    change("pending_review", "rejected"),
  ]);
  assert.deepEqual(await eventsAt("/kyc", endpoint.secret, expected.length), expected);
  for (const request of receiver.received("/kyc")) {
    assert.doesNotMatch(request.body, /Jo\b|Twice|Silva/, "no staff reason, no profile value");
  }
  assert.equal(await db().webhookDelivery.count({ where: { endpointId: endpoint.id } }), expected.length);
  await admin.request(endpointPath(endpoint), { method: "DELETE" });
});

test("customer.mfa_enabled at confirmation, customer.mfa_disabled by the customer or staff (without the reason); a wrong code sends nothing", async () => {
  const endpoint = await createEndpoint("/mfa", ["customer.mfa_enabled", "customer.mfa_disabled"]);
  const customer = await registeredCustomer(app);
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  const post = (path: string, json: unknown) =>
    app.request(path, { method: "POST", headers: { ...DEVICE, ...bearer(customer.token) }, json });
  const totpCode = (secret: string, offset = 0) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
  /** A well-formed code that is none of `secret`'s valid ones now. */
  const wrongCode = async (secret: string) => {
    const valid = await Promise.all([-1, 0, 1].map((offset) => totpCode(secret, offset)));
    let code = 0;
    while (valid.includes(String(code).padStart(6, "0"))) code += 1;
    return String(code).padStart(6, "0");
  };
  // Each code of a step counts once: the next call may fall in the same 30 s.
  const forgetUsedStep = () => db().customer.update({ where: { id }, data: { totpLastStep: null } });
  const enable = async () => {
    const started = await post("/client/v1/me/mfa/totp", { password: customer.password });
    assert.equal(started.status, 200, await started.clone().text());
    const { secret } = await started.json();
    const refused = await post("/client/v1/me/mfa/totp/confirm", { code: await wrongCode(secret) });
    assert.equal(refused.status, 400, "a wrong code changes nothing");
    const confirmed = await post("/client/v1/me/mfa/totp/confirm", { code: await totpCode(secret) });
    assert.equal(confirmed.status, 200, await confirmed.clone().text());
    await forgetUsedStep();
    return secret as string;
  };

  const secret = await enable();
  const wrongPassword = await post("/client/v1/me/mfa/totp/disable", {
    password: "not the password",
    code: await totpCode(secret),
  });
  assert.equal(wrongPassword.status, 400, "a wrong password changes nothing");
  const disabled = await post("/client/v1/me/mfa/totp/disable", {
    password: customer.password,
    code: await totpCode(secret),
  });
  assert.equal(disabled.status, 200, await disabled.clone().text());
  await enable();
  const reset = await compliance.request(`/api/admin/customers/${id}/reset-mfa`, {
    method: "POST",
    json: { reason: "Lost phone, confirmed by Jo" },
  });
  assert.equal(reset.status, 200, await reset.clone().text());
  const again = await compliance.request(`/api/admin/customers/${id}/reset-mfa`, {
    method: "POST",
    json: { reason: "Twice" },
  });
  assert.equal(again.status, 400, "nothing to reset: nothing sent");

  const about = { customer_id: id, email: customer.email };
  const expected = sortedPairs([
    ["customer.mfa_enabled", about],
    ["customer.mfa_disabled", { ...about, by: "customer" }],
    ["customer.mfa_enabled", about],
    ["customer.mfa_disabled", { ...about, by: "staff" }],
  ]);
  assert.deepEqual(await eventsAt("/mfa", endpoint.secret, expected.length), expected);
  for (const request of receiver.received("/mfa")) {
    assert.doesNotMatch(request.body, /Jo\b|Twice|secret|otpauth/i, "no staff reason, no secret");
  }
  assert.equal(await db().webhookDelivery.count({ where: { endpointId: endpoint.id } }), expected.length);
  await admin.request(endpointPath(endpoint), { method: "DELETE" });
});

test("the OpenAPI document lists the events as a named schema and the delivery as an OpenAPI 3.1 webhook", async () => {
  const document = await (await app.fetch("/client/v1/openapi.json")).json();
  assert.deepEqual(
    [...document.components.schemas.WebhookEventType.enum].sort(),
    [...ALL_EVENTS, "webhook.test"].sort(),
  );
  const webhook = document.webhooks.accountEvent.post;
  assert.equal(webhook.requestBody.content["application/json"].schema.$ref, "#/components/schemas/WebhookEvent");
  assert.deepEqual(
    webhook.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`),
    ["header:webhook-id", "header:webhook-timestamp", "header:webhook-signature"],
  );
});
