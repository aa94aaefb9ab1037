/**
 * Every raw SQL statement the service runs, each against a freshly migrated database and each in a
 * test named for it: tsc does not check the column lists of `Prisma.sql`, so a column renamed in
 * schema.prisma (or a wrong type) fails here, by name, rather than somewhere in an HTTP test.
 * Each test runs the real builder and reads back, through Prisma's typed client, the rows it wrote.
 * Values are compared as strings (token purpose, event type, outbox status, …), whatever their
 * column type. One database for the file: each test makes rows of its own. The first test is the
 * fence: raw SQL only in the files ARCHITECTURE.md lists, each with why.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import bcrypt from "bcryptjs";
import { Prisma } from "@/lib/generated/prisma/client";
import { RateLimitBucket } from "@/lib/generated/prisma/enums";
import { reloadConfig } from "@/lib/platform/config";
import { closeDatabase, database, db } from "@/lib/platform/db";
import { applyMigrations } from "@/lib/platform/db/migrations";
import { databaseAnswers } from "@/lib/platform/db/readiness";
import { estimatedRows } from "@/lib/platform/db/estimate-rows";
import { DEFAULT_SETTINGS } from "@/lib/domain/reference-data/seed-reference-data";
import { randomToken, sha256 } from "@/lib/platform/secrets";
import { bumpVersion } from "@/lib/platform/cache/versioned-cache";
import { eventInsert } from "@/lib/domain/customer-accounts/record-customer-event";
import { loginCustomer } from "@/lib/domain/customer-sessions/login-customer";
import { issueCustomerLogin } from "@/lib/domain/customer-sessions/issue-customer-login";
import { DomainError } from "@/lib/platform/errors/domain-error";
import { registerCustomer } from "@/lib/domain/customer-accounts/register-customer";
import { requestPasswordReset } from "@/lib/domain/customer-credentials/request-password-reset";
import { claimDueEmails } from "@/lib/domain/email/dispatch-emails";
import { lockApiClient } from "@/lib/domain/api-clients/lock-api-client";
import { lockCustomer, lockCustomers } from "@/lib/domain/customer-accounts/lock-customer";
import { claimDueDeliveries } from "@/lib/domain/webhooks/dispatch-webhooks";
import { queueWebhook, webhookInsert } from "@/lib/domain/webhooks/queue-webhook";
import { outboxInsert } from "@/lib/domain/email/queue-email";
import { openedBody } from "@/lib/domain/email/outbox-token-box";
import type { OutgoingEmail } from "@/lib/domain/email/compose-email";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { countAttempt, countAttemptWith, storedKey, sweep, type Limit } from "@/lib/domain/rate-limits/count-attempt";
import { release, releaseSteps } from "@/lib/domain/rate-limits/release-attempt";
import { recordSignIn } from "@/lib/domain/audit/record-sign-in";
import { countStaffSignIn, verifyStaffCredentials } from "@/lib/domain/staff/sign-in-staff";
import { emailTokenInsert } from "@/lib/domain/tokens/issue-email-token";
import { sessionTokensInsert } from "@/lib/domain/tokens/issue-session-tokens";
import { rotateRefreshToken } from "@/lib/domain/tokens/rotate-refresh-token";
import { findSpentRefreshToken, pairWithinGrace } from "@/lib/domain/tokens/spent-refresh-token";
import { newToken } from "@/lib/domain/tokens/new-token";
import { auditChainStatement, verifyAuditChain } from "@/lib/domain/audit/verify-audit-chain";
import { createTestDatabase } from "@/tooling/throwaway-database";
import { TEST_AUTH_SECRET } from "./support/app";

const testDatabase = await createTestDatabase();
// Queued e-mails' tokens are sealed under AUTH_SECRET, which production on PostgreSQL requires.
Object.assign(process.env, { DATABASE_URL: testDatabase.url, AUTH_SECRET: TEST_AUTH_SECRET });
reloadConfig();
await applyMigrations(database().adapterFactory);
// Of the reference data, only the settings row is needed (every e-mail is signed with it), and
// the locale and the source country a registration chooses.
await db().settings.create({ data: DEFAULT_SETTINGS });
await db().locale.create({ data: { id: "fr_FR", label: "Français (France)" } });
await db().country.create({
  data: {
    knownName: "France",
    officialName: "French Republic",
    endonym: "France",
    demonym: "French",
    isdCode: 33,
    isoCodeAlpha2: "FR",
    isoCodeAlpha3: "FRA",
    fipsCode: "FR",
    slug: "france",
    isSource: true,
  },
});
after(async () => {
  await closeDatabase();
  await testDatabase.drop();
});

const DEVICE = { ip: "203.0.113.7", ipReported: true, userAgent: "TestApp/1.0 (iPhone)", fingerprint: "fp-123" };
const HOUR_MS = 60 * 60 * 1000;

let made = 0;
const uniqueEmail = (label: string) => `${label}-${process.pid}-${++made}@example.org`;

const apiClient = await db().apiClient.create({
  data: {
    name: "raw statements",
    clientId: `raw-statements-${process.pid}`,
    secretHash: sha256("secret"),
    allowedOrigins: ["https://app.example.com"],
  },
});
const CLIENT = {
  id: apiClient.id,
  clientId: apiClient.clientId,
  name: apiClient.name,
  allowedOrigins: apiClient.allowedOrigins,
};

// Subscribed to the events the hot paths' statements queue: their deliveries are checked with them.
const webhookEndpoint = await db().webhookEndpoint.create({
  data: {
    apiClientId: apiClient.id,
    url: "https://backend.example.com/webhooks",
    events: ["customer_registered", "customer_new_device"],
    secretBox: "v1.sealed",
  },
});

/** The deliveries queued for `customerId`: their event and data, by event. */
const deliveriesFor = async (customerId: number) =>
  (await db().webhookDelivery.findMany({ where: { endpointId: webhookEndpoint.id } }))
    .filter((row) => (row.data as { customer_id: number }).customer_id === customerId)
    .map((row) => [String(row.event), row.data])
    .sort();

async function makeCustomer(password = "a customer password") {
  const email = uniqueEmail("customer");
  const customer = await db().customer.create({
    data: { email, passwordHash: await hashPassword(password), credentialsVersion: 2 },
  });
  return { ...customer, password };
}

const rateLimitRow = (limit: Limit) =>
  db().rateLimit.findUniqueOrThrow({ where: { bucket_key: { bucket: limit.bucket, key: storedKey(limit.key) } } });

let limits = 0;
const BUCKETS = Object.values(RateLimitBucket);
/**
 * A limit on a key of its own, so no other test's attempts count against it, and in another bucket
 * than the limit made before it (one attempt counts against limits of different buckets).
 */
const testLimit = (max: number, windowMs = HOUR_MS): Limit => ({
  bucket: BUCKETS[++limits % BUCKETS.length],
  key: `raw-statements-${limits}`,
  max,
  windowMs,
});

/** Prisma's raw SQL: the tagged and Unsafe queries, and the builders of a statement's text. */
const RAW_SQL = /\$(queryRaw|executeRaw)(Unsafe)?\b|\bPrisma\.(sql|raw|join|empty)\b/;
const SOURCE_FOLDERS = ["app", "components", "emails", "lib", "scripts", "tooling"];

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const child = path.join(directory, entry.name);
    if (entry.isDirectory()) return child === path.join("lib", "generated") ? [] : sourceFiles(child);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [child] : [];
  });
}

test("raw SQL only in the files ARCHITECTURE.md lists", () => {
  const architecture = fs.readFileSync("ARCHITECTURE.md", "utf8");
  const section = architecture.slice(architecture.indexOf("**Raw SQL**"), architecture.indexOf("## To change X"));
  const allowed = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]).sort();
  assert.ok(allowed.length > 0, "ARCHITECTURE.md lists the files");
  const holding = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(folder))
    .filter((file) => RAW_SQL.test(fs.readFileSync(file, "utf8")))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
  assert.deepEqual(
    holding.filter((file) => !allowed.includes(file)),
    [],
    "raw SQL outside the list: use Prisma, or add the file to ARCHITECTURE.md with why",
  );
  assert.deepEqual(
    allowed.filter((file) => !holding.includes(file)),
    [],
    "listed in ARCHITECTURE.md, but holds no raw SQL: take it off the list",
  );
});

test("statement: session tokens insert", async () => {
  const customer = await makeCustomer();
  const now = new Date("2026-03-01T10:00:00.123Z");
  const { tokens, insert } = sessionTokensInsert(
    { customerId: customer.id, apiClientId: CLIENT.id, device: DEVICE, credentialsVersion: 2 },
    now,
  );
  assert.equal(tokens.expiresIn, 3600, "ACCESS_TOKEN_TTL_SECONDS' default");
  assert.equal(await db().$executeRaw(insert), 1);
  const row = await db().loginToken.findUniqueOrThrow({ where: { tokenHash: sha256(tokens.token) } });
  assert.deepEqual(
    { ...row, id: 0 },
    {
      id: 0,
      tokenHash: sha256(tokens.token),
      refreshTokenHash: sha256(tokens.refreshToken),
      refreshedAt: null,
      customerId: customer.id,
      apiClientId: CLIENT.id,
      credentialsVersion: 2,
      ip: DEVICE.ip,
      userAgent: DEVICE.userAgent,
      fingerprint: DEVICE.fingerprint,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + HOUR_MS),
      revokedAt: null,
    },
  );
});

test("statement: refresh's rotation (session updated, spent token kept with its sealed pair)", async () => {
  const customer = await makeCustomer();
  const started = new Date(Date.now() - 60_000);
  const { tokens, insert } = sessionTokensInsert(
    { customerId: customer.id, apiClientId: CLIENT.id, device: DEVICE, credentialsVersion: 2 },
    started,
  );
  await db().$executeRaw(insert);
  const now = new Date();
  const next = await rotateRefreshToken(tokens.refreshToken, CLIENT.id, now);
  assert.ok(next);
  assert.equal(next.expiresIn, 3600);
  const row = await db().loginToken.findUniqueOrThrow({ where: { tokenHash: sha256(next.token) } });
  assert.deepEqual(
    [row.refreshTokenHash, row.refreshedAt, row.lastUsedAt, row.expiresAt, row.createdAt],
    [sha256(next.refreshToken), now, now, new Date(now.getTime() + HOUR_MS), started],
  );
  const spent = await findSpentRefreshToken(tokens.refreshToken);
  assert.ok(spent);
  assert.deepEqual(
    [spent.loginTokenId, spent.spentAt, spent.successorExpiresAt],
    [row.id, now, new Date(now.getTime() + 10_000)],
  );
  assert.deepEqual(pairWithinGrace(spent, now), next, "the sealed pair opens to the same tokens");
  assert.equal(await rotateRefreshToken(tokens.refreshToken, CLIENT.id), undefined, "spent");
  assert.equal(await rotateRefreshToken(next.refreshToken, CLIENT.id + 1), undefined, "another client's");

  // The session's absolute limit caps the new access token; and a pair whose grace is over is cleared.
  await db().loginToken.update({
    where: { id: row.id },
    data: { createdAt: new Date(now.getTime() - 90 * 24 * HOUR_MS + 60_000) },
  });
  const later = new Date(now.getTime() + 20_000);
  const last = await rotateRefreshToken(next.refreshToken, CLIENT.id, later);
  assert.ok(last);
  assert.equal(last.expiresIn, 40);
  const cleared = await findSpentRefreshToken(tokens.refreshToken);
  assert.deepEqual([cleared?.successor, cleared?.successorExpiresAt], [null, null]);
});

test("statement: e-mail token insert", async () => {
  const customer = await makeCustomer();
  const now = new Date("2026-03-01T10:00:00.456Z");
  const { tokenHash } = newToken();
  assert.equal(
    await db().$executeRaw(
      emailTokenInsert({ customerId: customer.id, purpose: "verify_email", tokenHash, securityVersion: 3 }, now),
    ),
    1,
  );
  const row = await db().emailToken.findUniqueOrThrow({ where: { tokenHash } });
  assert.equal(String(row.purpose), "verify_email");
  assert.equal(row.customerId, customer.id);
  assert.equal(row.securityVersion, 3);
  assert.deepEqual(
    [row.createdAt, row.expiresAt, row.usedAt, row.revokedAt],
    [now, new Date(now.getTime() + 24 * HOUR_MS), null, null],
  );
});

test("statement: customer event insert", async () => {
  const customer = await makeCustomer();
  const now = new Date("2026-03-01T10:00:01.000Z");
  const withDevice = {
    type: "login",
    outcome: "rate_limited",
    email: customer.email,
    customerId: customer.id,
    apiClientId: CLIENT.id,
    device: DEVICE,
  } as const;
  assert.equal(await db().$executeRaw(eventInsert(withDevice, now)), 1);
  // No account, no client, no device: the nullable columns are null, the device's empty.
  const bare = { type: "login_failed", outcome: "failure", email: uniqueEmail("unknown") } as const;
  assert.equal(await db().$executeRaw(eventInsert(bare, now)), 1);

  const rows = await db().customerEvent.findMany({
    where: { email: { in: [customer.email, bare.email] } },
    orderBy: { id: "asc" },
  });
  assert.deepEqual(
    rows.map(({ id: _, ...row }) => ({ ...row, type: String(row.type), outcome: String(row.outcome) })),
    [
      {
        ...withDevice.device,
        type: "login",
        outcome: "rate_limited",
        email: customer.email,
        customerId: customer.id,
        apiClientId: CLIENT.id,
        changedFields: [],
        detail: null,
        createdAt: now,
      },
      {
        ip: "",
        ipReported: false,
        userAgent: "",
        fingerprint: "",
        type: "login_failed",
        outcome: "failure",
        email: bare.email,
        customerId: null,
        apiClientId: null,
        changedFields: [],
        detail: null,
        createdAt: now,
      },
    ],
  );
});

test("statement: outbox insert", async () => {
  const token = randomToken();
  const email: OutgoingEmail = {
    template: "reset_password",
    to: uniqueEmail("outbox"),
    subject: "Reset your password",
    html: `<p>Reset: https://app.example.com/reset?token=${token}</p>`,
    text: `Reset: https://app.example.com/reset?token=${token}`,
    link: { url: `https://app.example.com/reset?token=${token}`, token },
  };
  const now = new Date("2026-03-01T10:00:02.789Z");
  const { id, insert } = outboxInsert(email, now);
  assert.equal(await db().$executeRaw(insert), 1);
  const row = await db().emailOutbox.findUniqueOrThrow({ where: { id } });
  assert.deepEqual(
    { ...row, template: String(row.template), status: String(row.status) },
    {
      id,
      template: "reset_password",
      toAddress: email.to,
      subject: email.subject,
      html: "<p>Reset: https://app.example.com/reset?token=[single-use-token-hidden]</p>",
      text: "Reset: https://app.example.com/reset?token=[single-use-token-hidden]",
      tokenBox: row.tokenBox,
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      lockedUntil: null,
      lastError: null,
      providerId: null,
      createdAt: now,
      sentAt: null,
    },
  );
  assert.deepEqual(openedBody(row), { html: email.html, text: email.text, token }, "the token, sealed, is put back");
});

test("statement: registration's one statement", async () => {
  const email = uniqueEmail("register");
  const { token } = await registerCustomer({
    input: {
      email,
      password: "a registration password",
      email_verification_url: "https://app.example.com/verify/:token",
      locale: "fr_FR",
      country: "FR",
    },
    client: CLIENT,
    device: DEVICE,
  });
  const customer = await db().customer.findUniqueOrThrow({
    where: { email },
    include: { loginTokens: true, emailTokens: true, events: true, devices: true },
  });
  assert.equal(String(customer.source), "api");
  assert.equal(customer.registeredVia, CLIENT.id);
  assert.equal(customer.credentialsVersion, 0);
  assert.equal(customer.locale, "fr_FR");
  assert.equal(customer.countryOfResidence, "FR", "the profile starts with the country given");
  assert.equal(customer.profileUpdatedAt?.getTime(), customer.createdAt.getTime());
  assert.equal(customer.emailVerificationUrl, "https://app.example.com/verify/:token", "kept for staff to resend");
  assert.match(customer.passwordHash, /^\$argon2id\$/);
  assert.equal(customer.createdAt.getTime(), customer.updatedAt.getTime());

  assert.deepEqual(
    customer.loginTokens.map((row) => [row.tokenHash, row.apiClientId, row.credentialsVersion, row.ip, row.createdAt]),
    [[sha256(token), CLIENT.id, 0, DEVICE.ip, customer.createdAt]],
  );
  assert.deepEqual(
    customer.emailTokens.map((row) => [String(row.purpose), row.expiresAt.getTime() - row.createdAt.getTime()]),
    [["verify_email", 24 * HOUR_MS]],
  );
  assert.deepEqual(
    customer.events.map((row) => [
      String(row.type),
      String(row.outcome),
      row.apiClientId,
      row.fingerprint,
      row.createdAt,
    ]),
    [["register", "success", CLIENT.id, DEVICE.fingerprint, customer.createdAt]],
  );
  const outbox = await db().emailOutbox.findMany({ where: { toAddress: email } });
  assert.deepEqual(
    outbox.map((row) => [String(row.template), String(row.status), row.createdAt]),
    [["verify_email", "pending", customer.createdAt]],
  );
  assert.deepEqual(
    customer.devices.map((row) => [row.fingerprint, row.firstSeenAt]),
    [[DEVICE.fingerprint, customer.createdAt]],
    "its device is remembered",
  );
  assert.deepEqual(await deliveriesFor(customer.id), [["customer_registered", { customer_id: customer.id, email }]]);
});

test("statement: rate-limit count with account read", async () => {
  const customer = await makeCustomer();
  const limit = testLimit(1);
  const now = new Date("2026-03-01T10:00:03.000Z");
  const read = Prisma.sql`SELECT id, email, credentials_version FROM customers WHERE email = ${customer.email}`;

  const first = await countAttemptWith<{ id: number; email: string; credentials_version: number }>([limit], read, now);
  assert.deepEqual(first.row, { id: customer.id, email: customer.email, credentials_version: 2 });
  assert.deepEqual(first.attempt, { at: now, counted: [limit], limited: false, retryAfterSeconds: 0 });
  assert.deepEqual(await rateLimitRow(limit), {
    bucket: limit.bucket,
    key: storedKey(limit.key),
    hits: [now],
    counted: true,
    expiresAt: new Date(now.getTime() + HOUR_MS),
  });

  // The same key again (the row's ON CONFLICT branch), over its limit; the read finds nothing.
  const later = new Date(now.getTime() + 1000);
  const nobody = Prisma.sql`SELECT id FROM customers WHERE email = ${uniqueEmail("nobody")}`;
  const second = await countAttemptWith([limit], nobody, later);
  assert.equal(second.row, undefined);
  assert.deepEqual(second.attempt, { at: later, counted: [], limited: true, retryAfterSeconds: HOUR_MS / 1000 - 1 });
  assert.deepEqual(await rateLimitRow(limit), {
    bucket: limit.bucket,
    key: storedKey(limit.key),
    hits: [now],
    counted: false,
    expiresAt: new Date(now.getTime() + HOUR_MS),
  });
});

test("statement: rate-limit release", async () => {
  const [kept, released] = [testLimit(5), testLimit(5)];
  const earlier = await countAttempt([kept, released], new Date("2026-03-01T10:00:04.000Z"));
  const attempt = await countAttempt([kept, released], new Date("2026-03-01T10:00:05.000Z"));
  await release(attempt, [released]);
  assert.deepEqual((await rateLimitRow(kept)).hits, [earlier.at, attempt.at]);
  assert.deepEqual((await rateLimitRow(released)).hits, [earlier.at], "only this attempt's hit came out");
});

test("statement: rate-limit sweep", async () => {
  const [expired, live] = [testLimit(5, 1000), testLimit(5, HOUR_MS)];
  const now = new Date();
  await countAttempt([expired, live], new Date(now.getTime() - 60_000));
  await sweep(now);
  // The sweep logs rather than throws on an error: a broken statement shows as the row still there.
  assert.equal(await db().rateLimit.count({ where: { bucket: expired.bucket, key: storedKey(expired.key) } }), 0);
  assert.equal(await db().rateLimit.count({ where: { bucket: live.bucket, key: storedKey(live.key) } }), 1);
});

test("statement: login's one statement (attempt given back, event, login token)", async () => {
  const customer = await makeCustomer();
  // A device the account used before: no alert steps (see the new-device test below).
  await db().customerDevice.create({
    data: { customerId: customer.id, fingerprint: DEVICE.fingerprint, firstSeenAt: new Date() },
  });
  const { token } = await loginCustomer({
    input: { email: customer.email, password: customer.password },
    client: CLIENT,
    device: DEVICE,
  });
  const row = await db().loginToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
  assert.deepEqual(
    [row.customerId, row.apiClientId, row.credentialsVersion, row.userAgent],
    [customer.id, CLIENT.id, 2, DEVICE.userAgent],
  );
  const events = await db().customerEvent.findMany({ where: { customerId: customer.id } });
  assert.deepEqual(
    events.map((event) => [String(event.type), String(event.outcome), event.ip]),
    [["login", "success", DEVICE.ip]],
  );
  // A successful login does not count against the limits: its hits were given back.
  const counters = await db().rateLimit.findMany({
    where: { key: { in: [customer.email, DEVICE.ip].map(storedKey) }, bucket: { in: ["login_email", "login_ip"] } },
  });
  assert.deepEqual(counters.map((counter) => [counter.bucket, counter.hits]).sort(), [
    ["login_email", []],
    ["login_ip", []],
  ]);
});

test("statement: login's count with account read, of an account with two-factor on (an mfa_token, no login token)", async () => {
  const customer = await makeCustomer();
  await db().customer.update({ where: { id: customer.id }, data: { totpEnabledAt: new Date() } });
  const refused = await loginCustomer({
    input: { email: customer.email, password: customer.password },
    client: CLIENT,
    device: DEVICE,
  }).then(
    () => undefined,
    (error: unknown) => error,
  );
  assert.ok(refused instanceof DomainError && refused.code === "mfa_required" && refused.details.mfaToken);
  const mfaToken = await db().customerMfaToken.findUniqueOrThrow({
    where: { tokenHash: sha256(refused.details.mfaToken) },
  });
  assert.deepEqual(
    [mfaToken.customerId, mfaToken.apiClientId, mfaToken.credentialsVersion],
    [customer.id, CLIENT.id, 2],
  );
  assert.equal(await db().loginToken.count({ where: { customerId: customer.id } }), 0);
});

test("statement: a second factor's login (attempt given back, event, session tokens, new device)", async () => {
  const customer = await makeCustomer();
  const limit = testLimit(5);
  const attempt = await countAttempt([limit]);
  const device = { ...DEVICE, fingerprint: "fp-second-factor" };
  const { token, refreshToken } = await issueCustomerLogin({ customer, client: CLIENT, device, attempt });
  const row = await db().loginToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
  assert.equal(row.refreshTokenHash, sha256(refreshToken));
  assert.deepEqual([row.customerId, row.apiClientId, row.credentialsVersion], [customer.id, CLIENT.id, 2]);
  const events = await db().customerEvent.findMany({ where: { customerId: customer.id } });
  assert.deepEqual(events.map((event) => [String(event.type), String(event.outcome)]).sort(), [
    ["login", "success"],
    ["new_device_alert", "success"],
  ]);
  assert.deepEqual((await rateLimitRow(limit)).hits, [], "the attempt was given back");
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "new_device" } }), 1);
});

test("statement: rate-limit count with account read, device known or not", async () => {
  const customer = await makeCustomer();
  const email = customer.email;
  const input = { email, password: customer.password };
  await loginCustomer({ input, client: CLIENT, device: { ...DEVICE, fingerprint: "fp-known" } });
  await loginCustomer({ input, client: CLIENT, device: { ...DEVICE, fingerprint: "fp-known" } });
  await loginCustomer({ input, client: CLIENT, device: { ...DEVICE, fingerprint: "" } });
  const alerts = await db().customerEvent.findMany({ where: { customerId: customer.id, type: "new_device_alert" } });
  assert.deepEqual(
    alerts.map((event) => event.fingerprint),
    ["fp-known"],
    "the second login read the device as known, the one without a fingerprint as nothing to alert on",
  );
});

test("statement: login's one statement from a new device (device, alert event, alert e-mail)", async () => {
  const customer = await makeCustomer();
  const device = { ...DEVICE, fingerprint: "fp-new-device" };
  await loginCustomer({ input: { email: customer.email, password: customer.password }, client: CLIENT, device });
  const devices = await db().customerDevice.findMany({ where: { customerId: customer.id } });
  assert.deepEqual(
    devices.map((row) => row.fingerprint),
    ["fp-new-device"],
  );
  const events = await db().customerEvent.findMany({ where: { customerId: customer.id } });
  assert.deepEqual(
    events
      .map((event) => [String(event.type), String(event.outcome), event.email, event.apiClientId, event.fingerprint])
      .sort(),
    [
      ["login", "success", customer.email, CLIENT.id, device.fingerprint],
      ["new_device_alert", "success", customer.email, CLIENT.id, device.fingerprint],
    ],
  );
  const [alert] = await db().emailOutbox.findMany({ where: { toAddress: customer.email } });
  assert.equal(String(alert.template), "new_device");
  // In French: fr_FR is this account's effective locale (this database enables no other).
  assert.match(alert.text ?? "", /Application\s*:\s*raw statements/);
  assert.match(alert.text ?? "", new RegExp(`Adresse IP\\s*:\\s*${DEVICE.ip.replaceAll(".", "\\.")}`));
  assert.match(alert.text ?? "", /UTC/);
  assert.deepEqual(await deliveriesFor(customer.id), [
    [
      "customer_new_device",
      { customer_id: customer.id, email: customer.email, ip: DEVICE.ip, user_agent: DEVICE.userAgent },
    ],
  ]);
});

test("statement: password reset's count with account read", async () => {
  const customer = await makeCustomer();
  const masked = await requestPasswordReset({
    input: { email: customer.email, reset_password_url: "https://app.example.com/reset?token=:token" },
    client: CLIENT,
    device: DEVICE,
  });
  assert.match(masked, /^cu\*+@example\.org$/);
  const tokens = await db().emailToken.findMany({ where: { customerId: customer.id } });
  assert.deepEqual(
    tokens.map((row) => [String(row.purpose), row.expiresAt.getTime() - row.createdAt.getTime()]),
    [["reset_password", HOUR_MS]],
  );
  const events = await db().customerEvent.findMany({ where: { customerId: customer.id } });
  assert.deepEqual(
    events.map((event) => [String(event.type), String(event.outcome), event.createdAt]),
    [["forgot_password", "success", tokens[0].createdAt]],
  );
  const outbox = await db().emailOutbox.findMany({ where: { toAddress: customer.email } });
  assert.deepEqual(
    outbox.map((row) => [String(row.template), String(row.status)]),
    [["reset_password", "pending"]],
  );
  const counters = await db().rateLimit.findMany({
    where: { key: { in: [customer.email, DEVICE.ip].map(storedKey) }, bucket: { in: ["forgot_email", "forgot_ip"] } },
  });
  assert.deepEqual(counters.map((counter) => [counter.bucket, counter.hits.length]).sort(), [
    ["forgot_email", 1],
    ["forgot_ip", 1],
  ]);
});

test("statement: login's count with account read, of a blocked account (refused, counted, no token)", async () => {
  const customer = await makeCustomer();
  await db().customer.update({ where: { id: customer.id }, data: { blockedAt: new Date() } });
  await assert.rejects(
    loginCustomer({ input: { email: customer.email, password: customer.password }, client: CLIENT, device: DEVICE }),
    { code: "forbidden", message: "This account is blocked. Please contact customer support." },
  );
  assert.equal(await db().loginToken.count({ where: { customerId: customer.id } }), 0);
  const events = await db().customerEvent.findMany({ where: { customerId: customer.id } });
  assert.deepEqual(
    events.map((event) => [String(event.type), String(event.outcome)]),
    [["login_failed", "failure"]],
  );
  const counters = await db().rateLimit.findMany({
    where: { key: { in: [customer.email].map(storedKey) }, bucket: { in: ["login_email", "login_ip"] } },
  });
  assert.deepEqual(
    counters.map((counter) => [counter.bucket, counter.hits.length]),
    [["login_email", 1]],
  );
});

test("statement: password reset's count with account read, of a blocked account (nothing sent)", async () => {
  const customer = await makeCustomer();
  await db().customer.update({ where: { id: customer.id }, data: { blockedAt: new Date() } });
  const masked = await requestPasswordReset({
    input: { email: customer.email, reset_password_url: "https://app.example.com/reset?token=:token" },
    client: CLIENT,
    device: { ...DEVICE, ip: "203.0.113.99" },
  });
  assert.match(masked, /^cu\*+@example\.org$/);
  assert.equal(await db().emailToken.count({ where: { customerId: customer.id } }), 0);
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email } }), 0);
  // No e-mail went out: the address's count was given back; the IP's stays.
  const counters = await db().rateLimit.findMany({
    where: {
      key: { in: [customer.email, "203.0.113.99"].map(storedKey) },
      bucket: { in: ["forgot_email", "forgot_ip"] },
    },
  });
  assert.deepEqual(counters.map((counter) => [counter.bucket, counter.hits.length]).sort(), [
    ["forgot_email", 0],
    ["forgot_ip", 1],
  ]);
});

test("statement: staff sign-in update with rehash, and its audit entry", async () => {
  const password = "a staff password";
  // A bcrypt hash from the previous system: the sign-in replaces it with argon2id.
  const staff = await db().staff.create({
    data: { email: uniqueEmail("staff"), name: "Sam Staff", role: "admin", passwordHash: bcrypt.hashSync(password, 4) },
  });
  const before = new Date();
  const signIn = await countStaffSignIn(staff.email.toUpperCase(), { ip: DEVICE.ip, userAgent: DEVICE.userAgent });
  assert.deepEqual(await verifyStaffCredentials(signIn, staff.email, password, undefined), {
    id: staff.id,
    email: staff.email,
    name: "Sam Staff",
    role: "admin",
    twoFactor: false,
    credentialsVersion: 0,
  });
  const entry = await db().auditLog.findFirstOrThrow({ where: { action: "sign_in", resourceId: String(staff.id) } });
  assert.deepEqual(
    [entry.staffId, entry.resource, entry.email, entry.ip, entry.userAgent, entry.outcome, entry.after],
    [staff.id, "staff", staff.email, DEVICE.ip, DEVICE.userAgent, "success", { method: "password" }],
  );
  const row = await db().staff.findUniqueOrThrow({ where: { id: staff.id } });
  assert.match(row.passwordHash, /^\$argon2id\$/);
  assert.ok(
    row.lastLoginAt && row.lastLoginAt >= new Date(before.getTime() - 1),
    `last login ${row.lastLoginAt?.toISOString()}`,
  );
  const counter = await db().rateLimit.findUniqueOrThrow({
    where: { bucket_key: { bucket: "staff_login_email", key: storedKey(staff.email) } },
  });
  assert.deepEqual(counter.hits, [], "the sign-in's hit was given back in the same statement");
  assert.match(entry.hash ?? "", /^[0-9a-f]{64}$/, "the entry is chained as its statement commits");
  assert.ok(entry.chainPosition !== null && entry.chainPosition >= 1);
});

test("statement: a staff passkey sign-in's audit entry, with its attempt given back in the same statement", async () => {
  const staff = await db().staff.create({
    data: { email: uniqueEmail("staff"), name: "Pat Passkey", role: "admin", passwordHash: "unused" },
  });
  const limit: Limit = { bucket: "staff_login_ip", key: `passkey-${staff.id}`, max: 5, windowMs: 60_000 };
  const attempt = await countAttempt([limit]);
  const source = { ip: DEVICE.ip, userAgent: DEVICE.userAgent };
  await recordSignIn(
    { outcome: "success", method: "passkey", email: staff.email, staffId: staff.id, ...source },
    releaseSteps(attempt),
  );
  const entry = await db().auditLog.findFirstOrThrow({ where: { action: "sign_in", resourceId: String(staff.id) } });
  assert.deepEqual(
    [entry.staffId, entry.email, entry.outcome, entry.after],
    [staff.id, staff.email, "success", { method: "passkey" }],
  );
  const counter = await db().rateLimit.findUniqueOrThrow({
    where: { bucket_key: { bucket: "staff_login_ip", key: storedKey(limit.key) } },
  });
  assert.deepEqual(counter.hits, []);
});

test("statement: audit chain check (every entry recomputed in order, the first that breaks it)", async () => {
  await db().auditLog.create({
    data: { actor: "cli", action: "update", resource: "settings", resourceId: "1", after: { a: 1 } },
  });
  const last = await db().auditLog.create({
    data: { actor: "cli", action: "update", resource: "settings", resourceId: "1" },
  });
  const valid = await verifyAuditChain();
  assert.equal(valid.valid, true, JSON.stringify(valid));
  assert.equal(valid.entries, await db().auditLog.count());
  const head = await db().auditLog.findUniqueOrThrow({ where: { id: last.id } });
  assert.equal(valid.head, head.hash);
  await db().auditLog.update({ where: { id: last.id }, data: { resourceId: "2" } });
  const broken = await verifyAuditChain();
  assert.deepEqual(broken.broken_at && { ...broken.broken_at, message: undefined }, {
    id: last.id,
    position: Number(head.chainPosition),
    problem: "content",
    message: undefined,
  });
  await db().auditLog.update({ where: { id: last.id }, data: { resourceId: "1" } });
  assert.equal((await verifyAuditChain()).valid, true, "the same content, the same hash");
  // From a checkpoint's position on, against the hash it signed: the range the incremental check reads.
  const position = Number(head.chainPosition);
  const [fromCheckpoint] = await db().$queryRaw<{ id: number | null; problem: string | null }[]>(
    auditChainStatement(position, { position, hash: "0".repeat(64) }),
  );
  assert.deepEqual([fromCheckpoint.id, fromCheckpoint.problem], [last.id, "checkpoint"]);
});

test("statement: outbox claim (FOR UPDATE SKIP LOCKED)", async () => {
  const due = await db().emailOutbox.create({
    data: {
      template: "verify_email",
      toAddress: uniqueEmail("claim"),
      subject: "Verify",
      html: "<p>V</p>",
      text: "V",
      tokenBox: "v1.box",
      nextAttemptAt: new Date(Date.now() - HOUR_MS),
      createdAt: new Date(0),
    },
  });
  const claimed = await claimDueEmails();
  const mine = claimed.find((email) => email.id === due.id);
  assert.deepEqual(mine && { ...mine, template: String(mine.template) }, {
    id: due.id,
    template: "verify_email",
    toAddress: due.toAddress,
    subject: "Verify",
    html: "<p>V</p>",
    text: "V",
    tokenBox: "v1.box",
    attempts: 1,
  });
  const row = await db().emailOutbox.findUniqueOrThrow({ where: { id: due.id } });
  assert.ok(
    row.lockedUntil && row.lockedUntil.getTime() > Date.now(),
    `leased until ${row.lockedUntil?.toISOString()}`,
  );
  assert.ok(!(await claimDueEmails()).some((email) => email.id === due.id), "a leased e-mail is not claimed again");
});

test("statement: cache version bump", async () => {
  const version = async () => (await db().cacheVersion.findUnique({ where: { key: "api_clients" } }))?.version ?? 0;
  const before = await version();
  await db().$transaction((tx) => bumpVersion(tx, "api_clients"));
  await db().$transaction((tx) => bumpVersion(tx, "api_clients"));
  assert.equal(await version(), before + 2);
});

test("statement: readiness probe", async () => {
  assert.equal(await databaseAnswers(10_000), true);
});

test("statement: a big table's row estimate", async () => {
  await db().auditLog.createMany({
    data: Array.from({ length: 40 }, (_, index) => ({
      actor: "cli" as const,
      action: "update" as const,
      resource: "settings" as const,
      resourceId: `estimate-${index}`,
    })),
  });
  await db().$executeRawUnsafe("ANALYZE audit_log");
  const rows = await db().auditLog.count();
  assert.equal(await estimatedRows("audit_log"), rows);
  // Before a table is first analyzed (reltuples -1), no estimate rather than a negative one.
  for (const table of ["customers", "email_outbox"] as const) {
    const estimate = await estimatedRows(table);
    assert.ok(estimate === undefined || Number.isInteger(estimate), `${table}: ${estimate}`);
  }
});

test("statement: webhook deliveries insert, for the enabled endpoints of active clients subscribed to the event", async () => {
  const customer = await makeCustomer();
  const endpoint = (events: ("customer_blocked" | "customer_closed")[], enabled = true, apiClientId = apiClient.id) =>
    db().webhookEndpoint.create({
      data: { apiClientId, url: "https://backend.example.com/x", events, enabled, secretBox: "v1.sealed" },
    });
  const revoked = await db().apiClient.create({
    data: { name: "revoked", clientId: `revoked-${process.pid}`, secretHash: sha256("s"), active: false },
  });
  // One after the other: the rows below are ordered by endpoint id, so `subscribed` must get the lowest.
  const subscribed = await endpoint(["customer_closed", "customer_blocked"]);
  const other = await endpoint(["customer_closed"]);
  const disabled = await endpoint(["customer_blocked"], false);
  const ofRevoked = await endpoint(["customer_blocked"], true, revoked.id);
  const now = new Date("2026-03-01T10:00:00.123Z");
  assert.equal(
    await db().$executeRaw(webhookInsert("customer_blocked", { customer_id: customer.id, email: customer.email }, now)),
    1,
  );
  await db().$transaction((tx) =>
    queueWebhook(tx, "customer_closed", { customer_id: customer.id, email: customer.email, reason: "test" }, now),
  );
  const rows = await db().webhookDelivery.findMany({
    where: { endpointId: { in: [subscribed.id, other.id, disabled.id, ofRevoked.id] } },
    orderBy: [{ endpointId: "asc" }, { event: "asc" }],
  });
  assert.deepEqual(
    rows.map((row) => [row.endpointId, String(row.event), row.data, String(row.status), row.attempts, row.createdAt]),
    [
      [subscribed.id, "customer_blocked", { customer_id: customer.id, email: customer.email }, "pending", 0, now],
      [
        subscribed.id,
        "customer_closed",
        { customer_id: customer.id, email: customer.email, reason: "test" },
        "pending",
        0,
        now,
      ],
      [
        other.id,
        "customer_closed",
        { customer_id: customer.id, email: customer.email, reason: "test" },
        "pending",
        0,
        now,
      ],
    ],
  );
  assert.equal(new Set(rows.map((row) => row.id)).size, 3, "each delivery its own webhook-id");
});

test("statement: webhook deliveries claim (FOR UPDATE SKIP LOCKED, enabled endpoints only)", async () => {
  const customer = await makeCustomer();
  const disabled = await db().webhookEndpoint.create({
    data: { apiClientId: apiClient.id, url: "https://b.example.com/", events: [], enabled: false, secretBox: "v1.s" },
  });
  const past = new Date(Date.now() - HOUR_MS);
  const delivery = (endpointId: number) =>
    db().webhookDelivery.create({
      data: {
        endpointId,
        event: "customer_blocked",
        data: { customer_id: customer.id },
        nextAttemptAt: past,
        createdAt: new Date(0),
      },
    });
  const [due, ofDisabled] = await Promise.all([delivery(webhookEndpoint.id), delivery(disabled.id)]);
  const claimed = await claimDueDeliveries();
  assert.deepEqual(
    claimed.find((row) => row.id === due.id),
    { id: due.id, attempts: 1 },
  );
  assert.ok(!claimed.some((row) => row.id === ofDisabled.id), "a disabled endpoint's delivery waits");
  const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id: due.id } });
  assert.ok(
    row.lockedUntil && row.lockedUntil.getTime() > Date.now(),
    `leased until ${row.lockedUntil?.toISOString()}`,
  );
  assert.ok(!(await claimDueDeliveries()).some((row) => row.id === due.id), "a leased delivery is not claimed again");
});

test("statement: API client row lock", async () => {
  assert.deepEqual(await db().$transaction((tx) => lockApiClient(tx, apiClient.id)), { active: true });
  await assert.rejects(
    db().$transaction((tx) => lockApiClient(tx, 2_000_000_000)),
    (error: Error & { code?: string }) => error.code === "not_found",
  );
});

test("statement: customers' row locks, in one statement (a second locker waits for the first to end)", async () => {
  const first = await makeCustomer();
  const second = await makeCustomer();
  const order: string[] = [];
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = db().$transaction(async (tx) => {
    await lockCustomers(tx, [second.id, first.id, 2_000_000_000]);
    locked();
    await new Promise((resolve) => setTimeout(resolve, 300));
    order.push("holder ends");
  });
  await holding;
  // On the embedded database a transaction has the one connection to itself: the waiter waits either way.
  await db().$transaction(async (tx) => {
    await lockCustomer(tx, first.id);
    order.push("waiter locked");
  });
  await holder;
  assert.deepEqual(order, ["holder ends", "waiter locked"]);
  await db().$transaction((tx) => lockCustomers(tx, []));
});
