/**
 * The rest of the compliance work on a customer (issue 15) over HTTP: staff resending the
 * verification e-mail with the customer's own link template, linked accounts by device fingerprint
 * and IP address (made through real registrations and logins), the list's device filters, and the
 * CSV export's status column.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { staffSession } from "./support/staff";
import type { EmailOutbox } from "@/lib/generated/prisma/client";
import {
  bearer,
  login,
  register,
  registeredCustomer,
  sentText,
  tokenFromLatestEmail,
  uniqueEmail,
} from "./support/accounts";
import { openPersonalValues } from "@/lib/domain/audit/open-personal-values";

// Loopback is our proxy here, so a login without X-Client-IP is from the X-Forwarded-For client.
const app = await startTestApp({ TRUSTED_PROXIES: "127.0.0.1/32, ::1/128" });
const admin = await staffSession(app, "admin");
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");

const PASSWORD = "correct horse battery";

function resend(session: typeof admin, id: number | string, json: unknown = { reason: "Customer called: no e-mail" }) {
  return session.request(`/api/admin/customers/${id}/resend-verification`, { method: "POST", json });
}

async function customerId(email: string): Promise<number> {
  return (await db().customer.findUniqueOrThrow({ where: { email } })).id;
}

const verify = (token: string) => app.request("/client/v1/verify-email", { method: "POST", form: { token } });

const verificationEmails = (to: string) =>
  db().emailOutbox.findMany({ where: { toAddress: to, template: "verify_email" }, orderBy: { createdAt: "asc" } });

const liveVerificationTokens = (customerId: number) =>
  db().emailToken.count({ where: { customerId, purpose: "verify_email", usedAt: null, revokedAt: null } });

function tokenIn(email: EmailOutbox): string {
  return decodeURIComponent(/https:\/\/app\.example\.com\/verify\/([A-Za-z0-9_\-%]+)/.exec(sentText(email) ?? "")![1]);
}

/** The audit entries about customer `id`, their reasons opened as staff read them. */
const auditEntries = async (id: number) =>
  openPersonalValues(
    await db().auditLog.findMany({ where: { resource: "customers", resourceId: String(id) }, orderBy: { id: "asc" } }),
  );

test("resend-verification: a new e-mail from the registration's link template; earlier links die; audited with the reason", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  const first = await tokenFromLatestEmail(customer.email, "verify_email");

  const response = await resend(compliance, id, { reason: "  Customer never got the first e-mail  " });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent_to: customer.email });

  const emails = await verificationEmails(customer.email);
  assert.equal(emails.length, 2);
  assert.match(emails[1].text ?? "", /https:\/\/app\.example\.com\/verify\//, "the template it registered with");
  const second = tokenIn(emails[1]);
  assert.notEqual(second, first);
  assert.equal(await liveVerificationTokens(id), 1);

  const [audit] = (await auditEntries(id)).reverse();
  assert.equal(audit.action, "resend_verification");
  assert.equal(audit.staffId, compliance.staff.id);
  assert.deepEqual(audit.before, { status: "active" });
  assert.deepEqual(audit.after, { status: "active", reason: "Customer never got the first e-mail" });
  assert.ok(!JSON.stringify(audit).includes(customer.email), "the entry holds no customer's address");
  const [event] = await db().customerEvent.findMany({ where: { customerId: id }, orderBy: { id: "desc" }, take: 1 });
  assert.equal(event.type, "verification_resent_by_staff");

  const old = await verify(first);
  assert.equal(old.status, 400, "the registration's link no longer works");
  assert.equal((await verify(second)).status, 200);
  assert.ok((await db().customer.findUniqueOrThrow({ where: { id } })).emailVerifiedAt);

  const again = await resend(compliance, id);
  assert.equal(again.status, 400);
  assert.deepEqual(await again.json(), {
    code: 400,
    type: "invalid_request_error",
    message: "This e-mail address is already verified",
  });
  assert.equal((await verificationEmails(customer.email)).length, 2, "nothing sent to a verified address");
});

test("resend-verification: refused with a clear error, nothing sent, for blocked, closed, no template, or an origin no longer allowed", async () => {
  const cases: {
    name: string;
    prepare: (id: number, customer: { token: string; password: string }) => Promise<void>;
    message: RegExp;
  }[] = [
    {
      name: "blocked",
      prepare: async (id) => {
        const blocked = await compliance.request(`/api/admin/customers/${id}/block`, {
          method: "POST",
          json: { reason: "Fraud review" },
        });
        assert.equal(blocked.status, 200);
      },
      message: /^This account is blocked/,
    },
    {
      name: "closed",
      prepare: async (_id, customer) => {
        const closed = await app.request("/client/v1/close-account", {
          method: "POST",
          headers: bearer(customer.token),
          form: { password: customer.password },
        });
        assert.equal(closed.status, 200);
      },
      message: /^This account is closed$/,
    },
    {
      name: "registered before templates were kept",
      prepare: async (id) => {
        await db().customer.update({ where: { id }, data: { emailVerificationUrl: null } });
      },
      message: /no verification link on record/,
    },
    {
      name: "an origin its client no longer allows",
      prepare: async (id) => {
        await db().customer.update({
          where: { id },
          data: { emailVerificationUrl: "https://gone.example.com/v/:token" },
        });
      },
      message: /no longer allows its verification link/,
    },
  ];
  for (const { name, prepare, message } of cases) {
    const customer = await registeredCustomer(app);
    const id = await customerId(customer.email);
    await prepare(id, customer);
    const auditsBefore = (await auditEntries(id)).length;
    const response = await resend(admin, id);
    assert.equal(response.status, 400, name);
    const body = await response.json();
    assert.equal(body.type, "invalid_request_error", name);
    assert.match(body.message, message, name);
    const to = (await db().customer.findUniqueOrThrow({ where: { id } })).closedEmail ?? customer.email;
    assert.equal((await verificationEmails(to)).length, 1, `${name}: only the registration's e-mail`);
    assert.equal((await auditEntries(id)).length, auditsBefore, `${name}: no audit entry`);
  }
});

test("resend-verification: 5 at once all succeed, one e-mail each, and only the newest link works", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  const answers = await Promise.all(
    Array.from({ length: 5 }, (_, index) => resend(compliance, id, { reason: `Attempt ${index}` })),
  );
  assert.deepEqual(
    answers.map((answer) => answer.status),
    [200, 200, 200, 200, 200],
  );
  const emails = await verificationEmails(customer.email);
  assert.equal(emails.length, 6, "the registration's and five more");
  assert.equal((await auditEntries(id)).filter((entry) => entry.action === "resend_verification").length, 5);
  assert.equal(await liveVerificationTokens(id), 1, "each took its turn and revoked the one before");

  const tokens = emails.map(tokenIn);
  const statuses = [];
  for (const token of tokens) statuses.push((await verify(token)).status);
  assert.equal(statuses.filter((status) => status === 200).length, 1, `exactly one link worked: ${statuses}`);
});

test("resend-verification: reason required and bounded, bodies and ids checked, 401 without a session, 403 for operations, 404 unknown", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);

  for (const json of [{}, { reason: "   " }, { reason: 42 }, { reason: "x".repeat(1001) }, [], "reason"]) {
    const response = await resend(compliance, id, json);
    assert.equal(response.status, 400, JSON.stringify(json));
    assert.equal((await response.json()).type, "invalid_request_error");
  }
  const missing = await (await resend(compliance, id, {})).json();
  assert.deepEqual(
    missing.errors.map((error: { param: string; code: string }) => `${error.param}/${error.code}`),
    ["reason/required"],
  );
  const malformed = await compliance.request(`/api/admin/customers/${id}/resend-verification`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: '{"reason": "unterminated',
  });
  assert.equal(malformed.status, 400);
  const oversized = await resend(compliance, id, { reason: "ok", padding: "x".repeat(70 * 1024) });
  assert.equal(oversized.status, 413);
  assert.equal((await oversized.json()).type, "invalid_request_error");

  const anonymous = await fetch(`${app.url}/api/admin/customers/${id}/resend-verification`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ reason: "no session" }),
  });
  assert.equal(anonymous.status, 401);
  const refused = await resend(operations, id);
  assert.equal(refused.status, 403);
  assert.equal((await refused.json()).type, "permission_error");

  for (const unknown of ["999999999", "abc", "0", "-1", "1.5", "9".repeat(40)]) {
    const response = await resend(admin, unknown);
    assert.equal(response.status, 404, unknown);
    assert.equal((await response.json()).type, "invalid_request_error");
  }
  assert.equal((await verificationEmails(customer.email)).length, 1, "nothing sent by any of these");
  assert.equal((await auditEntries(id)).length, 0);
});

// Linked accounts, through real registrations and logins.
const run = `${process.pid}`;
const fingerprint = (name: string) => `fp-${name}-${run}`;
const device = (name: string, ip?: string) => ({
  "X-Client-UA": "TestApp/1.0",
  "X-Client-Fingerprint": fingerprint(name),
  ...(ip ? { "X-Client-IP": ip } : {}),
});

async function registerWith(headers: Record<string, string>): Promise<{ email: string; id: number }> {
  const email = uniqueEmail("linked");
  const response = await register(app, email, PASSWORD, headers);
  assert.equal(response.status, 201, await response.clone().text());
  return { email, id: await customerId(email) };
}

type Linked = {
  id: number;
  email: string;
  status: string;
  closed_at: string | null;
  shared_fingerprints: string[];
  shared_ips: string[];
  last_seen_at: string;
};

async function linked(id: number, session = compliance): Promise<Linked[]> {
  const response = await session.request(`/api/admin/customers/${id}/linked`);
  assert.equal(response.status, 200);
  return response.json();
}

async function listed(filter: Record<string, unknown>): Promise<Response> {
  return compliance.request(
    `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify(filter), range: "[0,999]" })}`,
  );
}

async function listedEmails(filter: Record<string, unknown>): Promise<string[]> {
  const response = await listed(filter);
  assert.equal(response.status, 200);
  return ((await response.json()) as { email: string }[]).map((row) => row.email).sort();
}

test("linked accounts: customers sharing a fingerprint or an address, newest first; an unrelated one never; list filters", async () => {
  const a = await registerWith(device("shared", "198.51.100.10"));
  const b = await registerWith(device("shared", "198.51.100.20"));
  const c = await registerWith(device("c", "198.51.100.30"));
  const unrelated = await registerWith(device("unrelated", "198.51.100.40"));
  // C logs in from A's address, as C's app backend reports it.
  const fromA = await login(app, c.email, PASSWORD, device("c", "198.51.100.10"));
  assert.equal(fromA.status, 200);
  // Staff actions leave events without a device: they link nobody.
  for (const id of [a.id, unrelated.id]) {
    const revoked = await compliance.request(`/api/admin/customers/${id}/revoke-sessions`, {
      method: "POST",
      json: { reason: "Check" },
    });
    assert.equal(revoked.status, 200);
  }

  const ofA = await linked(a.id);
  assert.deepEqual(
    ofA.map(({ email, shared_fingerprints, shared_ips }) => ({ email, shared_fingerprints, shared_ips })),
    [
      { email: c.email, shared_fingerprints: [], shared_ips: ["198.51.100.10"] },
      { email: b.email, shared_fingerprints: [fingerprint("shared")], shared_ips: [] },
    ],
  );
  assert.deepEqual(
    ofA.map((row) => row.id),
    [c.id, b.id],
  );
  assert.ok(new Date(ofA[0].last_seen_at) >= new Date(ofA[1].last_seen_at));
  const cLogin = await db().customerEvent.findFirstOrThrow({ where: { customerId: c.id, type: "login" } });
  assert.equal(ofA[0].last_seen_at, cLogin.createdAt.toISOString());

  assert.deepEqual(
    (await linked(b.id, admin)).map((row) => row.id),
    [a.id],
  );
  assert.deepEqual(
    (await linked(c.id)).map((row) => row.id),
    [a.id],
  );
  assert.deepEqual(await linked(unrelated.id), []);

  assert.deepEqual(await listedEmails({ fingerprint: fingerprint("shared") }), [a.email, b.email].sort());
  assert.deepEqual(await listedEmails({ ip: "198.51.100.10" }), [a.email, c.email].sort());
  assert.deepEqual(await listedEmails({ fingerprint: fingerprint("shared"), ip: "198.51.100.20" }), [b.email]);
  assert.deepEqual(await listedEmails({ fingerprint: `  ${fingerprint("unrelated")} ` }), [unrelated.email]);
  assert.deepEqual(await listedEmails({ ip: "2001:db8::1" }), [], "an address nobody used");
  assert.deepEqual(await listedEmails({ fingerprint: "nobody's" }), []);

  const csv = await compliance.request("/api/admin/customers/export", {
    method: "POST",
    json: { filter: { fingerprint: fingerprint("shared") } },
  });
  assert.equal(csv.status, 200);
  assert.equal((await csv.text()).trim().split("\r\n").length, 3, "the export applies the same filter");
});

test("addresses that are not the customer's link nobody: the caller's own without X-Client-IP, a trusted proxy's", async () => {
  // Apps whose backend sends no X-Client-IP: each customer comes from the backend's address (through our proxy, or not).
  const backend = { "X-Forwarded-For": "203.0.113.50" };
  const viaProxy = await Promise.all(["b1", "b2", "b3"].map((name) => registerWith({ ...device(name), ...backend })));
  const direct = await Promise.all(["d1", "d2"].map((name) => registerWith(device(name))));
  // A backend that reports our proxy's address as the customer's.
  const proxied = await Promise.all(["p1", "p2"].map((name) => registerWith(device(name, "127.0.0.1"))));
  const loggedIn = await login(app, viaProxy[0].email, PASSWORD, { ...device("b1"), ...backend });
  assert.equal(loggedIn.status, 200);
  // One reported address shared with nobody else's reported one: the backend's address does not count.
  const reported = await registerWith(device("r1", "203.0.113.50"));
  for (const { id } of [...viaProxy, ...direct, ...proxied, reported])
    assert.deepEqual(await linked(id), [], String(id));

  // The address is still recorded with each event, as not the customer's own.
  const events = await db().customerEvent.findMany({
    where: { customerId: { in: [...viaProxy, ...direct, ...proxied, reported].map(({ id }) => id) } },
    select: { customerId: true, ip: true, ipReported: true },
  });
  const seen = new Set(events.map(({ ip, ipReported }) => `${ip} ${ipReported}`));
  assert.deepEqual([...seen].sort(), ["127.0.0.1 false", "203.0.113.50 false", "203.0.113.50 true"]);
});

test("the customer page: an e-mail change names the address it came from; a closed account is told apart from the new one at its address", async () => {
  const phone = device("changer", "198.51.100.60");
  const first = await registerWith(phone);
  const session = await login(app, first.email, PASSWORD, phone);
  const { token } = await session.json();
  const changed = uniqueEmail("changed");
  const asked = await app.request("/client/v1/change-email", {
    method: "POST",
    headers: { ...phone, ...bearer(token) },
    form: { email: changed, password: PASSWORD, email_verification_url: "https://app.example.com/verify/:token" },
  });
  assert.equal(asked.status, 200, await asked.clone().text());
  assert.equal((await verify(await tokenFromLatestEmail(changed, "change_email"))).status, 200);
  const closed = await app.request("/client/v1/close-account", {
    method: "POST",
    headers: { ...phone, ...bearer(token) },
    form: { password: PASSWORD },
  });
  assert.equal(closed.status, 200, await closed.clone().text());
  // A new account at the address the closed one had last, from the same phone.
  const response = await register(app, changed, PASSWORD, phone);
  assert.equal(response.status, 201);
  const second = await customerId(changed);

  const page = await (await compliance.request(`/api/admin/customers/${first.id}`)).json();
  assert.equal(page.email, changed, "a closed account shows the address it had");
  const changes = page.events
    .filter((event: { type: string }) => event.type.startsWith("email_change"))
    .map(({ type, email, email_before }: Record<string, string>) => ({ type, email, email_before }));
  assert.deepEqual(changes, [
    { type: "email_changed", email: changed, email_before: first.email },
    { type: "email_change_requested", email: changed, email_before: first.email },
  ]);
  assert.ok(
    page.events.every((event: { type: string; email_before?: string }) =>
      event.type.startsWith("email_change") ? true : event.email_before === undefined,
    ),
    "only e-mail changes name an address before",
  );

  const [closedAccount] = await linked(second);
  assert.deepEqual(
    { id: closedAccount.id, email: closedAccount.email, status: closedAccount.status },
    { id: first.id, email: changed, status: "closed" },
  );
  assert.ok(closedAccount.closed_at);
  const [newAccount] = await linked(first.id);
  assert.deepEqual(
    { id: newAccount.id, email: newAccount.email, status: newAccount.status, closed_at: newAccount.closed_at },
    { id: second, email: changed, status: "active", closed_at: null },
  );
});

test("linked accounts and device filters: malformed or oversized values are a 400, never a 500; ids and roles checked", async () => {
  for (const filter of [
    { ip: "not an address" },
    { ip: "1".repeat(46) },
    { ip: 12 },
    { ip: ["198.51.100.10"] },
    { fingerprint: "x".repeat(513) },
    { fingerprint: { contains: "fp" } },
    { fingerprint: 7 },
  ]) {
    const response = await listed(filter);
    assert.equal(response.status, 400, JSON.stringify(filter));
    assert.equal((await response.json()).type, "invalid_request_error");
  }
  assert.equal((await listed({ fingerprint: "x".repeat(512) })).status, 200, "the longest fingerprint stored");

  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  const anonymous = await fetch(`${app.url}/api/admin/customers/${id}/linked`);
  assert.equal(anonymous.status, 401);
  assert.equal((await operations.request(`/api/admin/customers/${id}/linked`)).status, 403);
  assert.equal((await operations.request(`/api/admin/customers?filter={"ip":"198.51.100.10"}`)).status, 403);
  for (const unknown of ["999999999", "abc", "0", "9".repeat(40)]) {
    const response = await compliance.request(`/api/admin/customers/${unknown}/linked`);
    assert.equal(response.status, 404, unknown);
    assert.equal((await response.json()).type, "invalid_request_error");
  }
  const write = await compliance.request(`/api/admin/customers/${id}/linked`, { method: "POST", json: {} });
  assert.equal(write.status, 405);
});

test("linked accounts are bounded: at most 100 customers, the most recently seen, and 50 shared values each", async () => {
  const shared = fingerprint("crowd");
  const base = Date.now() - 60 * 60 * 1000;
  const subject = await db().customer.create({ data: { email: uniqueEmail("crowd"), passwordHash: "x" } });
  const events = (customerId: number, values: string[], at: number) =>
    values.map((value, index) => ({
      customerId,
      type: "login" as const,
      outcome: "success" as const,
      email: "crowd@example.org",
      ip: "",
      fingerprint: value,
      createdAt: new Date(at + index),
    }));
  // The subject used 60 devices, the crowd shares the newest one; one more customer shares all 60.
  const devices = Array.from({ length: 60 }, (_, index) => `${shared}-${index}`);
  await db().customerEvent.createMany({ data: events(subject.id, devices, base) });
  const crowd = [];
  for (let index = 0; index < 105; index += 1) {
    const member = await db().customer.create({ data: { email: uniqueEmail("crowd"), passwordHash: "x" } });
    await db().customerEvent.createMany({ data: events(member.id, [devices[59]], base + 1000 + index * 10) });
    crowd.push(member.id);
  }
  const twin = await db().customer.create({ data: { email: uniqueEmail("crowd"), passwordHash: "x" } });
  await db().customerEvent.createMany({ data: events(twin.id, devices, base + 10_000) });

  const rows = await linked(subject.id);
  assert.equal(rows.length, 100);
  assert.equal(rows[0].id, twin.id, "the most recently seen first");
  assert.equal(rows[0].shared_fingerprints.length, 50, "the subject's 50 most recent devices");
  assert.ok(!rows[0].shared_fingerprints.includes(devices[0]), "the oldest devices are left out");
  assert.deepEqual(
    rows.slice(1).map((row) => row.id),
    crowd.slice(-99).reverse(),
  );
  for (let index = 1; index < rows.length; index += 1) {
    assert.ok(rows[index - 1].last_seen_at >= rows[index].last_seen_at);
  }
});

test("the CSV export shows each customer's status", async () => {
  const active = await registeredCustomer(app);
  const blocked = await registeredCustomer(app);
  const blockedId = await customerId(blocked.email);
  const activeId = await customerId(active.email);
  assert.equal(
    (
      await compliance.request(`/api/admin/customers/${blockedId}/block`, {
        method: "POST",
        json: { reason: "Fraud review" },
      })
    ).status,
    200,
  );
  const csv = await compliance.request("/api/admin/customers/export", {
    method: "POST",
    json: { filter: { id: [activeId, blockedId] } },
  });
  const [header, ...rows] = (await csv.text()).trim().split("\r\n");
  const status = header.split(",").indexOf("status");
  assert.ok(status >= 0, header);
  assert.deepEqual(
    rows.map((row) => [row.split(",")[0], row.split(",")[status]]),
    [
      [String(activeId), "active"],
      [String(blockedId), "blocked"],
    ],
  );
});
