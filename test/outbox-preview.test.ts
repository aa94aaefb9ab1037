/**
 * The back office's e-mail outbox: an e-mail opens with a preview whose single-use links are
 * hidden, and a waiting e-mail says when no provider is configured to send it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { HIDDEN_TOKEN } from "@/lib/email/preview-outbox-email";
import { startTestApp, db } from "./support/app";
import { staffSession } from "./support/staff";
import { registeredCustomer, tokenFromLatestEmail } from "./support/accounts";

// No RESEND_API_KEY: every e-mail waits in the outbox.
const app = await startTestApp();
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");

async function outboxRowFor(to: string) {
  return db().emailOutbox.findFirstOrThrow({ where: { toAddress: to }, orderBy: { createdAt: "desc" } });
}

test("a waiting e-mail opens with its preview, every single-use token hidden", async () => {
  const customer = await registeredCustomer(app);
  const token = await tokenFromLatestEmail(customer.email, "verify_email");
  const row = await outboxRowFor(customer.email);

  const response = await operations.request(`/api/admin/outbox/${row.id}`);
  assert.equal(response.status, 200);
  const text = await response.text();
  assert.ok(!text.includes(token), "the live token is nowhere in the answer");
  const email = JSON.parse(text);
  assert.equal(email.to_address, customer.email);
  assert.equal(email.status, "pending");
  assert.equal(email.not_sent_reason, "no_provider");
  assert.match(email.preview.html, /<html/i);
  assert.ok(email.preview.html.includes(`https://app.example.com/verify/${HIDDEN_TOKEN}`), "the link, token hidden");
  assert.ok(email.preview.text.includes(HIDDEN_TOKEN));
  // Everything else of the e-mail is as stored.
  assert.equal(email.preview.html.replaceAll(HIDDEN_TOKEN, token), row.html);
});

test("the list says why waiting e-mails are not sent, and never carries a body", async () => {
  const customer = await registeredCustomer(app);
  const token = await tokenFromLatestEmail(customer.email, "verify_email");
  const failed = await db().emailOutbox.create({
    data: {
      template: "verify_email",
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

test("only operations and admin open e-mails; unknown and malformed ids are 404", async () => {
  const row = await db().emailOutbox.findFirstOrThrow();
  assert.equal((await compliance.request(`/api/admin/outbox/${row.id}`)).status, 403);
  assert.equal((await fetch(`${app.url}/api/admin/outbox/${row.id}`)).status, 401);
  for (const id of ["00000000-0000-0000-0000-000000000000", "not-a-uuid", "x".repeat(5000), "%27%3B--"]) {
    const response = await operations.request(`/api/admin/outbox/${id}`);
    assert.equal(response.status, 404, id.slice(0, 40));
    assert.equal((await response.json()).type, "invalid_request_error");
  }
});
