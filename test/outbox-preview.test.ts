/**
 * The back office's e-mail outbox: an e-mail opens with a preview in which no live single-use
 * token shows, whatever the client's link template puts around it, for every e-mail there is; a
 * link e-mail queued before tokens were sealed (an upgraded database) shows no body; a waiting
 * e-mail says when no provider is configured to send it; and no audit entry ever holds a token.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { generate } from "otplib";
import { EmailTemplate } from "@/lib/generated/prisma/enums";
import { openedBody, TOKEN_MARKER } from "@/lib/domain/email/outbox-token-box";
import { parseLinkTemplate } from "@/lib/platform/validation/link-template";
import { randomToken } from "@/lib/platform/secrets";
import { queueEmail } from "@/lib/domain/email/queue-email";
import { composeNotice } from "@/lib/domain/email/compose-email";
import { passkeyNotice } from "@/lib/domain/passkeys/passkey-record";
import { startTestApp, db } from "./support/app";
import { makeStaff, reviewView, staffSession } from "./support/staff";
import { bearer, DEVICE, login, registeredCustomer, tokenFromLatestEmail, uniqueEmail } from "./support/accounts";

// No RESEND_API_KEY: every e-mail waits in the outbox.
const app = await startTestApp();
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");

// Templates that put characters against the token, each accepted by the link-template rule: the
// token must be hidden by its value, not found by its shape.
const ADJACENT_TEMPLATES = [
  "https://app.example.com/reset/r:token",
  "https://app.example.com/v?t=x:token",
  "https://app.example.com/v_:token",
  "https://app.example.com/v/:token:token",
  "https://app.example.com/v/:token.",
  "https://app.example.com/v/x:tokenx",
  "https://app.example.com/v/%3A:token",
  "https://app.example.com/v?a=1&t=:token#:token",
  "https://app.example.com/v/-:token-?q=_:token_",
  "https://app.example.com/v/0:token9",
];

/** Every live token this file had e-mailed, read as the dispatcher would send it. */
async function issuedTokens(): Promise<Set<string>> {
  const rows = await db().emailOutbox.findMany();
  return new Set(rows.flatMap((row) => openedBody(row)?.token ?? []));
}

/** A profile with every field a verification needs. */
const COMPLETE_PROFILE = {
  givenNames: "Ana",
  familyName: "Silva",
  dateOfBirth: new Date("1990-04-01T00:00:00Z"),
  phone: "+447700900123",
  addressLine1: "1 High Street",
  addressCity: "London",
  addressPostcode: "SW1A 1AA",
  addressCountry: "GB",
  countryOfResidence: "GB",
  nationality: "PT",
  kycStatus: "pending_review",
} as const;

const openEmail = async (id: string) => {
  const response = await operations.request(`/api/admin/outbox/${id}`);
  assert.equal(response.status, 200);
  return response.text();
};

test("the preview of every e-mail, for link templates with characters against the token, shows no live token", async () => {
  const password = "correct horse battery";
  const customers: { email: string; token: string }[] = [];
  for (const [index, template] of ADJACENT_TEMPLATES.entries()) {
    assert.ok(parseLinkTemplate(template), `the rule accepts ${template}`);
    const from = { ...DEVICE, "X-Client-IP": `198.51.100.${index + 1}` };
    const email = uniqueEmail("adjacent");
    const registered = await app.request("/client/v1/register", {
      method: "POST",
      headers: from,
      form: { email, password, confirm_password: password, email_verification_url: template },
    });
    assert.equal(registered.status, 201, template);
    const { token } = await registered.json();
    customers.push({ email, token });
    const { id } = await db().customer.findUniqueOrThrow({ where: { email } });
    const answers = [
      await app.request("/client/v1/resend-verification", {
        method: "POST",
        headers: { ...from, ...bearer(token) },
        form: { email_verification_url: template },
      }),
      // Staff send a new verification e-mail from the template the customer registered with.
      await compliance.request(`/api/admin/customers/${id}/resend-verification`, {
        method: "POST",
        json: { reason: "never got it" },
      }),
      await app.request("/client/v1/forgot-password", {
        method: "POST",
        headers: from,
        form: { email, reset_password_url: template },
      }),
      await app.request("/client/v1/change-email", {
        method: "POST",
        headers: { ...from, ...bearer(token) },
        form: { email: uniqueEmail("adjacent-new"), password, email_verification_url: template },
      }),
    ];
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200, 200],
      template,
    );
  }
  // The other e-mails: a staff member's reset link and the notices.
  const member = await makeStaff("operations");
  const forgot = await fetch(`${app.url}/api/admin/password/forgot`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: member.email }),
  });
  assert.equal(forgot.status, 200);
  const customer = await registeredCustomer(app);
  const newPassword = "another horse battery";
  const changed = await app.request("/client/v1/change-password", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(customer.token) },
    form: { current_password: customer.password, password: newPassword, confirm_password: newPassword },
  });
  assert.equal(changed.status, 200);
  const relogin = await login(app, customer.email, newPassword, { ...DEVICE, "X-Client-Fingerprint": "fp-new-phone" });
  assert.equal(relogin.status, 200);
  const closed = await app.request("/client/v1/close-account", {
    method: "POST",
    headers: { ...DEVICE, ...bearer((await relogin.json()).token) },
    form: { password: newPassword },
  });
  assert.equal(closed.status, 200);
  // Two-factor's notices: turned on, a recovery code used, turned off.
  const guarded = await registeredCustomer(app);
  const asGuarded = (path: string, form: Record<string, string>, token?: string) =>
    app.request(path, { method: "POST", headers: { ...DEVICE, ...(token ? bearer(token) : {}) }, form });
  const { secret } = await (
    await asGuarded("/client/v1/me/mfa/totp", { password: guarded.password }, guarded.token)
  ).json();
  const confirmed = await asGuarded(
    "/client/v1/me/mfa/totp/confirm",
    { code: await generate({ secret }) },
    guarded.token,
  );
  const [recovery] = (await confirmed.json()).recovery_codes;
  const { mfa_token } = await (await login(app, guarded.email, guarded.password)).json();
  assert.equal((await asGuarded("/client/v1/login/mfa", { mfa_token, code: recovery })).status, 200);
  const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  const disabled = await asGuarded(
    "/client/v1/me/mfa/totp/disable",
    { password: guarded.password, code: next },
    guarded.token,
  );
  assert.equal(disabled.status, 200);
  // The KYC review's outcomes (issue 25): a profile verified, another rejected.
  for (const status of ["verified", "rejected"]) {
    const { email } = await registeredCustomer(app);
    const { id } = await db().customer.update({ where: { email }, data: COMPLETE_PROFILE });
    const decided = await compliance.request(`/api/admin/customers/${id}/kyc`, {
      method: "POST",
      json: { status, reason: "Documents checked", ...(await reviewView(compliance.request, id)) },
    });
    assert.equal(decided.status, 200);
  }

  // Passkeys' notices, composed and queued as their flows do (those flows need WEBAUTHN_RP_ID and an
  // authenticator: test/passkeys.test.ts and passkey-login.test.ts drive them); here only their preview matters.
  const keyHolder = await registeredCustomer(app);
  const owner = await db().customer.findUniqueOrThrow({ where: { email: keyHolder.email } });
  for (const template of ["passkey_added", "passkey_removed", "passkey_cloned"] as const) {
    const notice = await passkeyNotice(template, owner, "Work phone", new Date());
    await db().$transaction((tx) => queueEmail(tx, notice));
  }
  // Payment approvals locked (issue 40): test/payment-authorisations.test.ts drives the lock.
  const locked = await composeNotice("sca_locked", owner.email, null, { when: new Date(), until: new Date() });
  await db().$transaction((tx) => queueEmail(tx, locked));

  const rows = await db().emailOutbox.findMany();
  assert.deepEqual(
    new Set(rows.map((row) => row.template)),
    new Set(Object.values(EmailTemplate)),
    "every e-mail there is was queued",
  );
  const tokens = await issuedTokens();
  assert.ok(tokens.size > ADJACENT_TEMPLATES.length * 5, `tokens issued: ${tokens.size}`);
  for (const row of rows) {
    const answer = await openEmail(row.id);
    for (const live of tokens)
      assert.ok(!answer.includes(live), `no live token in the ${row.template} e-mail ${row.id}`);
    const { preview } = JSON.parse(answer);
    assert.match(preview.html, /<html/i);
    const sent = openedBody(row);
    if (sent?.token) {
      assert.ok(preview.html.includes(TOKEN_MARKER) && preview.text.includes(TOKEN_MARKER), "the marker shows where");
      // Everything else of the e-mail is as it is sent.
      assert.equal(preview.html.replaceAll(TOKEN_MARKER, sent.token), sent.html);
      assert.equal(preview.text.replaceAll(TOKEN_MARKER, sent.token), sent.text);
    }
  }
  const list = await operations.request(`/api/admin/outbox?${new URLSearchParams({ range: "[0,999]" })}`);
  const listed = await list.text();
  for (const live of tokens) assert.ok(!listed.includes(live), "the list carries no token either");

  // The tokens kept out are live ones: the reset link with a letter against its token works.
  const resetRow = await db().emailOutbox.findFirstOrThrow({
    where: { template: "reset_password", toAddress: customers[0].email },
  });
  const resetToken = openedBody(resetRow)?.token as string;
  const used = await app.request("/client/v1/reset-password", {
    method: "POST",
    headers: DEVICE,
    form: { token: resetToken, password: "a brand new password", confirm_password: "a brand new password" },
  });
  assert.equal(used.status, 200);
});

test("a link e-mail queued before tokens were sealed (an upgraded database) shows no body", async () => {
  const token = randomToken();
  const [legacy] = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO email_outbox (id, template, to_address, subject, html, text)
    VALUES (gen_random_uuid()::text, 'reset_password', 'legacy@example.org', 'Reset',
      ${`<a href="https://app.example.com/reset/r${token}">Reset</a>`}, ${`https://app.example.com/reset/r${token}`})
    RETURNING id`;
  const answer = await openEmail(legacy.id);
  assert.ok(!answer.includes(token));
  const email = JSON.parse(answer);
  assert.deepEqual([email.status, email.preview], ["pending", null]);

  // A notice carries no token: one queued before the upgrade still shows.
  const [notice] = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO email_outbox (id, template, to_address, subject, html, text)
    VALUES (gen_random_uuid()::text, 'password_changed', 'legacy@example.org', 'Changed', '<p>Changed</p>', 'Changed')
    RETURNING id`;
  assert.deepEqual(JSON.parse(await openEmail(notice.id)).preview, { html: "<p>Changed</p>", text: "Changed" });
});

test("the list says why waiting e-mails are not sent, and never carries a body", async () => {
  const customer = await registeredCustomer(app);
  const token = await tokenFromLatestEmail(customer.email, "verify_email");
  const failed = await db().emailOutbox.create({
    data: {
      template: "password_changed",
      toAddress: "failed@example.org",
      subject: "S",
      html: "<p>x</p>",
      status: "failed",
    },
  });
  const response = await operations.request(
    `/api/admin/outbox?${new URLSearchParams({ filter: JSON.stringify({ q: customer.email }) })}`,
  );
  const text = await response.text();
  assert.ok(!text.includes(token));
  const [row] = JSON.parse(text);
  assert.deepEqual([row.status, row.not_sent_reason, "preview" in row], ["pending", "no_provider", false]);

  const failedRecord = await (await operations.request(`/api/admin/outbox/${failed.id}`)).json();
  assert.equal(failedRecord.not_sent_reason, null, "only waiting e-mails are 'not sent'");
});

test("a delivered e-mail has no body left to preview", async () => {
  const sent = await db().emailOutbox.create({
    data: {
      template: "reset_password",
      toAddress: "sent@example.org",
      subject: "Reset",
      html: null,
      text: null,
      status: "sent",
      sentAt: new Date(),
    },
  });
  const email = await (await operations.request(`/api/admin/outbox/${sent.id}`)).json();
  assert.deepEqual([email.status, email.not_sent_reason, email.preview], ["sent", null, null]);
});

test("compliance reads the customers' e-mails, their links hidden, never a staff member's; only operations and admin re-send", async () => {
  const customerEmail = await db().emailOutbox.findFirstOrThrow({ where: { template: "verify_email" } });
  const staffEmail = await db().emailOutbox.findFirstOrThrow({ where: { template: "staff_reset_password" } });
  const opened = await compliance.request(`/api/admin/outbox/${customerEmail.id}`);
  assert.equal(opened.status, 200);
  const text = await opened.text();
  assert.ok(text.includes(TOKEN_MARKER), "the link's token hidden, as for operations");
  for (const token of await issuedTokens()) assert.ok(!text.includes(token), "no live token");
  assert.equal(
    (await compliance.request(`/api/admin/outbox/${staffEmail.id}`)).status,
    404,
    "a staff e-mail is not theirs",
  );
  assert.equal((await operations.request(`/api/admin/outbox/${staffEmail.id}`)).status, 200);

  const listed = async (session: typeof operations, filter: Record<string, unknown> = {}) => {
    const query = new URLSearchParams({ filter: JSON.stringify(filter), range: "[0,999]" });
    const response = await session.request(`/api/admin/outbox?${query}`);
    assert.equal(response.status, 200);
    return ((await response.json()) as { id: string; template: string }[]).map((row) => row.template);
  };
  const seen = await listed(compliance);
  assert.ok(seen.includes("verify_email"));
  assert.ok(!seen.includes("staff_reset_password"), "the list leaves staff e-mails out");
  assert.deepEqual(await listed(compliance, { template: "staff_reset_password" }), []);
  assert.ok((await listed(operations)).includes("staff_reset_password"));
  const retry = await compliance.request(`/api/admin/outbox/${customerEmail.id}/retry`, { method: "POST" });
  assert.equal(retry.status, 403);
});

test("unknown and malformed ids are 404; without a session a 401", async () => {
  const row = await db().emailOutbox.findFirstOrThrow();
  assert.equal((await fetch(`${app.url}/api/admin/outbox/${row.id}`)).status, 401);
  for (const id of ["00000000-0000-0000-0000-000000000000", "not-a-uuid", "x".repeat(5000), "%27%3B--"]) {
    const response = await operations.request(`/api/admin/outbox/${id}`);
    assert.equal(response.status, 404, id.slice(0, 40));
    assert.equal((await response.json()).type, "invalid_request_error");
  }
});

test("re-sending a failed link e-mail keeps its token out of the audit log; no audit entry holds any token", async () => {
  const email = uniqueEmail("retry");
  const registered = await app.request("/client/v1/register", {
    method: "POST",
    headers: DEVICE,
    form: {
      email,
      password: "correct horse battery",
      confirm_password: "correct horse battery",
      email_verification_url: ADJACENT_TEMPLATES[0],
    },
  });
  assert.equal(registered.status, 201);
  const row = await db().emailOutbox.findFirstOrThrow({ where: { toAddress: email } });
  const token = openedBody(row)?.token as string;
  await db().emailOutbox.update({ where: { id: row.id }, data: { status: "failed", lastError: "bounced" } });

  const retried = await operations.request(`/api/admin/outbox/${row.id}/retry`, { method: "POST" });
  assert.equal(retried.status, 200);
  const entry = await db().auditLog.findFirstOrThrow({ where: { resource: "outbox", resourceId: row.id } });
  assert.equal(entry.action, "resend");
  assert.ok(!JSON.stringify(entry).includes(token), "the entry holds the record, not the body");
  const verified = await app.request("/client/v1/verify-email", { method: "POST", headers: DEVICE, form: { token } });
  assert.equal(verified.status, 200, "the token kept out was a live one");

  const tokens = await issuedTokens();
  assert.ok(tokens.has(token));
  const entries = await db().$queryRaw<
    { entry: string }[]
  >`SELECT row_to_json(audit_log)::text AS entry FROM audit_log`;
  assert.ok(entries.length > ADJACENT_TEMPLATES.length, `entries: ${entries.length}`);
  for (const { entry } of entries) for (const live of tokens) assert.ok(!entry.includes(live), entry.slice(0, 200));
});
