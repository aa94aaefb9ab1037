/**
 * The subject-access export (issue 28) over HTTP against the production build: the customer's own
 * (GET /client/v1/me/export) and compliance's (POST /api/admin/customers/{id}/export { reason }). Each
 * section of a customer with a profile, sessions live and ended, devices, events, e-mails, e-mailed
 * links, a login waiting for its code and a webhook; none of a second customer's strings; no secret,
 * hash or token; the hourly limit under concurrency; who may ask, the reason's validation, the
 * audit entries and the account events; staff's export is a write (issue 36): a GET or a page of
 * another origin exports nothing.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { generate } from "otplib";
import { sha256 } from "@/lib/platform/secrets";
import { db, startTestApp } from "./support/app";
import { bearer, login, register, registeredCustomer, uniqueEmail, VERIFY_URL } from "./support/accounts";
import { staffSession } from "./support/staff";
import { until } from "./support/until";
import { startWebhookReceiver } from "./support/webhook-receiver";
import { openPersonalValues } from "@/lib/domain/audit/open-personal-values";

const receiver = await startWebhookReceiver();
const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", WEBHOOK_DISPATCH_INTERVAL_MS: "50" });
const admin = await staffSession(app, "admin");
const compliance = await staffSession(app, "compliance");
const operations = await staffSession(app, "operations");
const clientId = (await db().apiClient.findFirstOrThrow({ where: { name: "Test app" } })).id;
const hook = await admin.request(`/api/admin/clients/${clientId}/webhooks`, {
  method: "POST",
  json: { url: `${receiver.url}/hook`, events: ["customer.registered", "customer.profile_updated"] },
});
assert.equal(hook.status, 201, await hook.clone().text());

const device = (n: string, ip: string) => ({
  "X-Client-IP": ip,
  "X-Client-UA": `ExportTest/${n} (device ${n})`,
  "X-Client-Fingerprint": `fingerprint-${n}`,
});
const PROFILE = {
  given_names: "Wilhelmina",
  family_name: "Featherstonehaugh",
  date_of_birth: "1984-02-29",
  phone: "+44 7911 123456",
  address_line1: "221B Baker Street",
  address_city: "London",
  address_postcode: "NW1 6XE",
  address_country: "GB",
  country_of_residence: "GB",
  nationality: "GB",
};

const post = (path: string, json: unknown, headers: Record<string, string>) =>
  app.request(path, { method: "POST", headers, json });

const exportOwn = (token: string, headers: Record<string, string> = {}) =>
  app.request("/client/v1/me/export", { headers: { ...headers, ...bearer(token) } });

const exportFor = (
  session: typeof compliance,
  id: number | string,
  body: unknown = { reason: "Subject access request" },
) => session.request(`/api/admin/customers/${id}/export`, { method: "POST", json: body });

const customerId = async (email: string) =>
  (await db().customer.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;

/**
 * A customer who did a bit of everything, from devices of their own: registered, gave a profile,
 * logged in from a second device and out again, failed a login, asked for a new address, turned
 * two-factor on and started a login that waits for its code.
 */
async function busyCustomer(n: string, names: { given: string; family: string }, ips: [string, string]) {
  const first = device(`${n}-1`, ips[0]);
  const second = device(`${n}-2`, ips[1]);
  const customer = await registeredCustomer(app, "correct horse battery", first);
  const profiled = await post(
    "/client/v1/me/profile",
    { ...PROFILE, given_names: names.given, family_name: names.family },
    { ...first, ...bearer(customer.token) },
  );
  assert.equal(profiled.status, 200);
  const elsewhere = await login(app, customer.email, customer.password, second);
  assert.equal(elsewhere.status, 200);
  const { token: endedToken } = await elsewhere.json();
  assert.equal((await post("/client/v1/logout", {}, { ...second, ...bearer(endedToken) })).status, 200);
  assert.equal((await login(app, customer.email, "not the password", second)).status, 401);
  const newEmail = uniqueEmail(`new-${n}`);
  const changed = await post(
    "/client/v1/change-email",
    { email: newEmail, password: customer.password, email_verification_url: VERIFY_URL },
    { ...first, ...bearer(customer.token) },
  );
  assert.equal(changed.status, 200);
  const enrolled = await post(
    "/client/v1/me/mfa/totp",
    { password: customer.password },
    {
      ...first,
      ...bearer(customer.token),
    },
  );
  const { secret } = await enrolled.json();
  const confirmed = await post(
    "/client/v1/me/mfa/totp/confirm",
    { code: await generate({ secret }) },
    { ...first, ...bearer(customer.token) },
  );
  assert.equal(confirmed.status, 200);
  const { recovery_codes } = await confirmed.json();
  const waiting = await login(app, customer.email, customer.password, second);
  assert.equal(waiting.status, 403);
  const { mfa_token } = await waiting.json();
  const id = await customerId(customer.email);
  return {
    ...customer,
    id,
    first,
    second,
    newEmail,
    endedToken,
    secret,
    recoveryCodes: recovery_codes,
    mfaToken: mfa_token,
  };
}

const alice = await busyCustomer("alice", { given: "Wilhelmina", family: "Featherstonehaugh" }, [
  "198.51.100.11",
  "198.51.100.12",
]);
const bob = await busyCustomer("bob", { given: "Zebulon", family: "Quarrington" }, ["192.0.2.77", "192.0.2.78"]);
// The webhooks of both have been delivered (or tried): their deliveries are in the export.
await until(() => receiver.received("/hook").length >= 4);

/** Every string a document holds, keys aside. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

test("the customer's export holds each section of their data", async () => {
  const response = await exportOwn(alice.token, alice.first);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("cache-control"), "no-store");
  const { code, export: data } = await response.json();
  assert.equal(code, 200);
  assert.ok(Math.abs(Date.parse(data.exported_at) - Date.now()) < 60_000);

  assert.deepEqual(
    { ...data.account, created_at: undefined, updated_at: undefined, two_factor: undefined },
    {
      id: alice.id,
      email: alice.email,
      status: "active",
      source: "api",
      registered_via: "Test app",
      created_at: undefined,
      updated_at: undefined,
      email_verified: false,
      email_verified_at: null,
      locale: null,
      two_factor: undefined,
      blocked_at: null,
      closed_at: null,
    },
  );
  assert.equal(data.account.two_factor.enabled, true);
  assert.ok(data.account.two_factor.since);

  assert.equal(data.profile.given_names, "Wilhelmina");
  assert.equal(data.profile.family_name, "Featherstonehaugh");
  assert.equal(data.profile.date_of_birth, "1984-02-29");
  assert.equal(data.profile.kyc_status, "not_submitted");
  assert.equal(data.profile_changes.length, 1);
  assert.equal(data.profile_changes[0].after.given_names, "Wilhelmina");
  assert.equal(data.profile_changes[0].before.given_names, null);

  assert.deepEqual(
    data.sessions.map((s: { ip: string; live: boolean; ended_at: string | null; fingerprint: string }) => [
      s.ip,
      s.fingerprint,
      s.live,
      s.ended_at !== null,
    ]),
    [
      ["198.51.100.11", "fingerprint-alice-1", true, false],
      ["198.51.100.12", "fingerprint-alice-2", false, true],
    ],
  );
  assert.equal(data.sessions[0].user_agent, "ExportTest/alice-1 (device alice-1)");
  assert.equal(data.sessions[0].client_name, "Test app");
  assert.deepEqual(
    data.devices.map((d: { fingerprint: string }) => d.fingerprint),
    ["fingerprint-alice-1", "fingerprint-alice-2"],
  );

  const events = data.events as { type: string; outcome: string; ip: string; fingerprint: string; email: string }[];
  const kinds = events.map((event) => `${event.type}:${event.outcome}`);
  for (const kind of [
    "register:success",
    "profile_updated:success",
    "login:success",
    "logout:success",
    "login_failed:failure",
    "email_change_requested:success",
    "mfa_enabled:success",
  ])
    assert.ok(kinds.includes(kind), `${kind} in ${kinds.join(", ")}`);
  assert.ok(!kinds.some((kind) => kind.startsWith("data_exported")), "this export's own event comes after it");
  const failed = events.find((event) => event.type === "login_failed")!;
  assert.equal(failed.ip, "198.51.100.12");
  assert.equal(failed.fingerprint, "fingerprint-alice-2");
  assert.equal(events.find((event) => event.type === "email_change_requested")!.email, alice.newEmail);
  const profileUpdated = data.events.find((event: { type: string }) => event.type === "profile_updated");
  assert.deepEqual([...profileUpdated.changed_fields].sort(), Object.keys(PROFILE).sort());
  assert.equal(profileUpdated.client_name, "Test app");

  const emails = (data.emails as { template: string; to_address: string; status: string }[]).map(
    (email) => `${email.template} ${email.to_address}`,
  );
  for (const email of [
    `verify_email ${alice.email}`,
    `new_device ${alice.email}`,
    `change_email ${alice.newEmail}`,
    `email_change_notice ${alice.email}`,
    `mfa_enabled ${alice.email}`,
  ])
    assert.ok(emails.includes(email), `${email} in ${emails.join(", ")}`);
  assert.deepEqual(
    data.email_links.map((link: { purpose: string; new_email: string | null }) => [link.purpose, link.new_email]),
    [
      ["verify_email", null],
      ["change_email", alice.newEmail],
    ],
  );
  assert.equal(data.second_factor_logins.length, 1);
  assert.equal(data.second_factor_logins[0].used_at, null);
  assert.equal(data.second_factor_logins[0].client_name, "Test app");
  assert.deepEqual(
    data.webhook_deliveries.map((d: { event: string; data: { customer_id: number } }) => [d.event, d.data.customer_id]),
    [
      ["customer_registered", alice.id],
      ["customer_profile_updated", alice.id],
    ],
  );
  assert.equal(data.webhook_deliveries[0].recipient, "Test app");
});

test("an export holds none of another customer's data, and no secret, hash or token", async () => {
  const own = await exportOwn(bob.token);
  assert.equal(own.status, 200);
  const ofBob = (await own.json()).export;
  const admin = await exportFor(compliance, alice.id);
  assert.equal(admin.status, 200);
  const ofAlice = await admin.json();

  const bobStrings = [
    bob.email,
    bob.newEmail,
    ...Object.values(bob.first),
    ...Object.values(bob.second),
    "Zebulon",
    "Quarrington",
  ];
  const aliceText = JSON.stringify(ofAlice);
  for (const value of bobStrings) assert.ok(!aliceText.includes(value), `${value} is Bob's`);
  const bobText = JSON.stringify(ofBob);
  for (const value of [alice.email, alice.newEmail, "Wilhelmina", "198.51.100.11", "fingerprint-alice-2"])
    assert.ok(!bobText.includes(value), `${value} is Alice's`);
  assert.equal(ofBob.account.id, bob.id);
  assert.ok(ofBob.sessions.length >= 2 && ofBob.events.length >= 5 && ofBob.emails.length >= 4);

  for (const person of [alice, bob]) {
    const text = JSON.stringify(person === alice ? ofAlice : ofBob);
    const row = await db().customer.findUniqueOrThrow({ where: { id: person.id } });
    const secrets = [
      person.password,
      row.passwordHash,
      row.totpSecretEncrypted!,
      person.secret,
      person.token,
      person.refreshToken,
      person.endedToken,
      person.mfaToken,
      sha256(person.mfaToken),
      ...person.recoveryCodes,
      ...person.recoveryCodes.map((code: string) => sha256(code)),
      ...(await db().customerRecoveryCode.findMany({ where: { customerId: person.id } })).map((c) => c.codeHash),
      ...(await db().loginToken.findMany({ where: { customerId: person.id } })).flatMap((t) => [
        t.tokenHash,
        t.refreshTokenHash ?? t.tokenHash,
      ]),
      ...(await db().emailToken.findMany({ where: { customerId: person.id } })).map((t) => t.tokenHash),
      ...(await db().emailOutbox.findMany({ where: { toAddress: person.email } })).flatMap((email) =>
        [email.tokenBox, email.html, email.text].filter((value) => value !== null),
      ),
      // The link template the customer registered with, and so every link made from it.
      "app.example.com",
    ];
    for (const secret of secrets) assert.ok(!text.includes(secret), `no ${secret.slice(0, 12)}… in the export`);
    assert.doesNotMatch(text, /hash|secret|password_|token_box|"reason"|risk|pep|sanctions/i);
  }
  assert.ok(stringsOf(ofBob).includes(bob.email));
});

test("compliance's export: a JSON file named for the customer and the day, audited with the reason; closed accounts too", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  const closed = await post(
    "/client/v1/close-account",
    { password: customer.password },
    { ...device("closing", "203.0.113.9"), ...bearer(customer.token) },
  );
  assert.equal(closed.status, 200);

  const response = await exportFor(compliance, id, { reason: " Court order 123 " });
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
  const day = new Date().toISOString().slice(0, 10);
  assert.equal(response.headers.get("content-disposition"), `attachment; filename="customer-${id}-${day}.json"`);
  assert.equal(response.headers.get("cache-control"), "no-store");
  const document = await response.json();
  assert.equal(document.account.status, "closed");
  assert.equal(document.account.email, customer.email, "the address it had, not its tombstone");
  assert.ok(document.emails.some((email: { template: string }) => email.template === "account_closed"));
  assert.ok(document.sessions.every((session: { live: boolean }) => !session.live));

  const [audit] = await openPersonalValues([
    await db().auditLog.findFirstOrThrow({
      where: { action: "export_data", resourceId: String(id) },
      orderBy: { id: "desc" },
    }),
  ]);
  assert.equal(audit.resource, "customers");
  assert.equal(audit.staffId, compliance.staff.id);
  assert.deepEqual(audit.after, { by: "staff", reason: "Court order 123" });
  const event = await db().customerEvent.findFirstOrThrow({ where: { customerId: id, type: "data_exported" } });
  assert.deepEqual([event.outcome, event.email, event.ip, event.apiClientId], ["success", customer.email, "", null]);

  assert.equal((await exportFor(admin, id)).status, 200, "admins may too, and staff are not limited to one an hour");
  assert.equal(await db().auditLog.count({ where: { action: "export_data", resourceId: String(id) } }), 2);

  // The freed address, taken by a new account: the outbox knows addresses, not accounts, yet each
  // export holds only the e-mails of its own account.
  const successor = await register(app, customer.email, "another horse battery", device("successor", "203.0.113.10"));
  assert.equal(successor.status, 201);
  const { token: successorToken } = await successor.json();
  const templates = (emails: { template: string }[]) => emails.map((email) => email.template);
  const ofClosed = await (await exportFor(compliance, id)).json();
  assert.deepEqual(templates(ofClosed.emails), ["verify_email", "account_closed"]);
  const ofSuccessor = (await (await exportOwn(successorToken)).json()).export;
  assert.deepEqual(templates(ofSuccessor.emails), ["verify_email"]);
  assert.notEqual(ofSuccessor.account.id, id);
});

test("compliance's export needs a reason: missing, blank, oversized, control characters, not a string, not JSON → 400; operations 403; unknown 404", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  const before = await db().auditLog.count({ where: { action: "export_data" } });
  const missing = await exportFor(compliance, id, {});
  assert.equal(missing.status, 400);
  assert.deepEqual(await missing.json(), {
    code: 400,
    type: "invalid_request_error",
    message: "Invalid request",
    errors: [{ param: "reason", code: "required", message: "Reason is required" }],
  });
  for (const [reason, code] of [
    ["", "required"],
    ["   ", "required"],
    ["x".repeat(1001), "too_long"],
    ["fraud\u0000", "invalid_characters"],
    ["\u001b[2J", "invalid_characters"],
    [["one", "two"], "invalid"],
  ]) {
    const response = await exportFor(compliance, id, { reason });
    const label = JSON.stringify(reason).slice(0, 40);
    assert.equal(response.status, 400, label);
    const body = await response.json();
    assert.deepEqual(
      body.errors.map((error: { param: string; code: string }) => `${error.param}/${error.code}`),
      [`reason/${code}`],
      label,
    );
  }
  const notJson = await compliance.request(`/api/admin/customers/${id}/export`, { method: "POST", body: "{reason" });
  assert.equal(notJson.status, 400);
  assert.equal((await notJson.json()).message, "Request body is not valid JSON");
  const concurrent = await Promise.all(
    Array.from({ length: 4 }, () => exportFor(compliance, id, { reason: "\u0000" })),
  );
  assert.deepEqual(
    concurrent.map((response) => response.status),
    [400, 400, 400, 400],
  );
  assert.equal(
    await db().auditLog.count({ where: { action: "export_data" } }),
    before,
    "a refused export leaves no entry",
  );

  const forbidden = await exportFor(operations, id);
  assert.equal(forbidden.status, 403);
  assert.equal((await forbidden.json()).type, "permission_error");
  for (const unknown of ["999999999", "abc", "1.5"]) {
    const response = await exportFor(compliance, unknown);
    assert.equal(response.status, 404, unknown);
    assert.equal((await response.json()).code, 404);
  }
  for (const method of ["GET", "HEAD"]) {
    const read = await compliance.request(`/api/admin/customers/${id}/export?reason=look`, { method });
    assert.equal(read.status, 405, method);
    assert.equal(read.headers.get("allow"), "POST, OPTIONS", method);
  }
  assert.equal(
    await db().auditLog.count({ where: { action: "export_data" } }),
    before,
    "a GET or HEAD exports nothing",
  );
});

test("a page of another origin cannot make a member's browser export a customer: 403, nothing exported or recorded", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  const before = await db().auditLog.count({ where: { action: "export_data" } });
  const link = await compliance.request(
    `/api/admin/customers/${id}/export?reason=${encodeURIComponent("attacker's")}`,
    {
      headers: { "Sec-Fetch-Site": "cross-site" },
    },
  );
  assert.equal(link.status, 405, "a cross-site link (a GET) exports nothing");
  for (const headers of [{ Origin: "https://attacker.example" }, { "Sec-Fetch-Site": "same-site" }] as Record<
    string,
    string
  >[]) {
    const forged = await compliance.request(`/api/admin/customers/${id}/export`, {
      method: "POST",
      headers,
      json: { reason: "attacker's" },
    });
    assert.equal(forged.status, 403, JSON.stringify(headers));
  }
  const form = await compliance.request(`/api/admin/customers/${id}/export`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "reason=attacker%27s",
  });
  assert.equal(form.status, 415, "a form, which a page may send without asking, is refused");
  assert.equal(await db().auditLog.count({ where: { action: "export_data" } }), before);
  assert.equal(await db().customerEvent.count({ where: { customerId: id, type: "data_exported" } }), 0);
});

test("the customer may export once an hour: of concurrent requests exactly one gets it, the rest 429 with Retry-After", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  const head = await app.request("/client/v1/me/export", { method: "HEAD", headers: bearer(customer.token) });
  assert.equal(head.status, 200, "HEAD checks the credentials and uses up nothing");
  assert.equal((await exportFor(compliance, id)).status, 200, "staff's export uses up nothing of the customer's");

  const headers = device("limit", "203.0.113.50");
  const answers = await Promise.all(Array.from({ length: 6 }, () => exportOwn(customer.token, headers)));
  const statuses = answers.map((response) => response.status).sort();
  assert.deepEqual(statuses, [200, 429, 429, 429, 429, 429]);
  for (const response of answers.filter((answer) => answer.status === 429)) {
    const retryAfter = Number(response.headers.get("retry-after"));
    // 3601 too: the header rounds up, and a concurrent request's hit may be stamped a moment after
    // this one read its clock (it waits for the hour from that hit). Seen once in CI.
    assert.ok(retryAfter > 3500 && retryAfter <= 3601, `Retry-After ${retryAfter}`);
    assert.equal((await response.json()).type, "rate_limit_error");
  }
  assert.equal((await exportOwn(customer.token, headers)).status, 429, "and after them");

  const events = await db().customerEvent.findMany({ where: { customerId: id, type: "data_exported" } });
  const outcomes = events.map((event) => `${event.outcome} ${event.ip}`).sort();
  assert.deepEqual(outcomes, [
    ...Array.from({ length: 6 }, () => "rate_limited 203.0.113.50"),
    "success ",
    "success 203.0.113.50",
  ]);
  const audits = await openPersonalValues(
    await db().auditLog.findMany({ where: { action: "export_data", resourceId: String(id) }, orderBy: { id: "asc" } }),
  );
  assert.deepEqual(
    audits.map((audit) => [audit.staffId, audit.after]),
    [
      [compliance.staff.id, { by: "staff", reason: "Subject access request" }],
      [null, { by: "customer", api_client_id: clientId }],
    ],
  );
});

test("the export needs a live session: 401 after logout, 400 for a malformed X-Client-IP", async () => {
  const customer = await registeredCustomer(app);
  const malformed = await exportOwn(customer.token, { "X-Client-IP": "not-an-address" });
  assert.equal(malformed.status, 400);
  assert.equal((await malformed.json()).errors[0].param, "X-Client-IP");
  assert.equal((await post("/client/v1/logout", {}, bearer(customer.token))).status, 200);
  const ended = await exportOwn(customer.token);
  assert.equal(ended.status, 401);
  assert.equal((await ended.json()).type, "authentication_error");
  assert.equal(await db().customerEvent.count({ where: { email: customer.email, type: "data_exported" } }), 0);
});
