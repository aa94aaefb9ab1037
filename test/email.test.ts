import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { after, test } from "node:test";
import { startTestApp, db } from "./support/app";
import { startFakeResend } from "./support/fake-resend";
import { reloadConfig } from "@/lib/platform/config";
import type { LinkEmailTemplate } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { emailRequeued, requeueFailedEmail } from "@/lib/domain/email/requeue-email";
import { dispatchDueEmails } from "@/lib/domain/email/dispatch-emails";
import { TOKEN_MARKER } from "@/lib/domain/email/outbox-token-box";
import { randomToken } from "@/lib/platform/secrets";
import { SETTINGS_ID } from "@/lib/domain/reference-data/settings-record";
import { until } from "./support/until";
import { captureLog } from "./support/log";

const DISPATCH_INTERVAL_MS = 25;
const RETRY_BASE_MS = 100;
const MAX_ATTEMPTS = 3;
const FROM = "Sendwise <no-reply@sendwise.test>";

const fake = await startFakeResend();
after(() => fake.close());
await startTestApp({
  RESEND_API_KEY: "re_test",
  RESEND_BASE_URL: fake.url,
  EMAIL_FROM: FROM,
  EMAIL_DISPATCH_INTERVAL_MS: String(DISPATCH_INTERVAL_MS),
  EMAIL_RETRY_BASE_MS: String(RETRY_BASE_MS),
  EMAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
});
// After startTestApp has set NODE_ENV: React picks its development or production build when first
// loaded, and the templates' JSX runtime must match the react-dom that renders them.
const { composeEmail, composeNotice } = await import("@/lib/domain/email/compose-email");
await db().settings.update({
  where: { id: SETTINGS_ID },
  data: { tradingName: "Sendwise", csEmail: "help@sendwise.test", csNumber: "+44 20 7946 0000" },
});

let addresses = 0;
const address = (label: string) => `${label}-${++addresses}@example.org`;

/** What the reset flow does: compose, queue in the transaction that writes its token, then signal. */
async function queue(to: string, template: LinkEmailTemplate = "verify_email") {
  const token = randomToken();
  const email = await composeEmail(
    template,
    to,
    { url: `https://app.example.com/verify?token=${token}`, token },
    "en_GB",
  );
  const id = await db().$transaction((tx) => queueEmail(tx, email));
  emailQueued(email);
  return { email, id };
}

const outboxRow = (id: string) => db().emailOutbox.findUniqueOrThrow({ where: { id } });
const requestsFor = (id: string) => fake.requests().filter((request) => request.idempotencyKey === id);

/** Failures injected into the fake apply to whatever is sent next: let earlier mail go out first. */
const outboxDrained = () =>
  until(
    () => db().emailOutbox.count({ where: { status: "pending" } }),
    (n) => n === 0,
  );

test("both e-mails carry the trading name, the link, its validity and the support contacts, in HTML and text", async () => {
  const url = "https://app.example.com/verify?token=abc123&next=%2Fhome";
  const link = { url, token: "abc123" };
  const verify = await composeEmail("verify_email", "ann@example.org", link, "en_GB");
  const reset = await composeEmail("reset_password", "ann@example.org", link, "en_GB");

  assert.equal(verify.subject, "Verify your e-mail address for Sendwise");
  assert.equal(reset.subject, "Reset your Sendwise password");
  for (const [email, heading, validity] of [
    [verify, "Verify your e-mail address", "valid for 24 hours"],
    [reset, "Reset your password", "valid for 1 hour"],
  ] as const) {
    assert.equal(email.to, "ann@example.org");
    assert.deepEqual(email.link, link);
    assert.match(email.html, /<html[^>]* lang="en-GB"/);
    assert.match(email.html, new RegExp(`<h1[^>]*>${heading}</h1>`));
    assert.ok(email.html.includes(`href="${url.replace("&", "&amp;")}"`), "the button and the text link");
    assert.ok(email.html.includes(`>${url.replace("&", "&amp;")}</a>`), "the link shown as text");
    assert.ok(email.html.includes('href="mailto:help@sendwise.test"'));
    for (const body of [email.html, email.text]) {
      assert.match(body, /Sendwise/);
      assert.match(body, /help@sendwise\.test/);
      assert.match(body, /\+44 20 7946 0000/);
      assert.match(body, new RegExp(validity));
      assert.match(body, /If you didn(&#x27;|')t ask for this, ignore this e-mail/);
    }
    assert.ok(email.text.includes(url), "the plain text has the link, unescaped");
    assert.doesNotMatch(email.text, /<[a-z]/i, "no markup in the plain text");
  }
  assert.doesNotMatch(verify.text, /valid for 1 hour/);
  assert.doesNotMatch(reset.text, /valid for 24 hours/);
});

test("an e-mail is exactly what rendering its template with the link gives, whatever characters the link holds", async () => {
  const { render } = await import("@react-email/render");
  const { createElement } = await import("react");
  const { default: ResetPassword } = await import("@/emails/ResetPassword");
  const { enGB } = await import("@/emails/messages/en_GB");
  const token = randomUUID();
  // `$&`, `$'` and `` $` `` are patterns to String.replaceAll, not to a URL.
  const url = `https://app.example.com/reset?token=${token}&to="a<b>'c"&x=%20&y=$&$'$\``;
  const element = createElement(ResetPassword, {
    tradingName: "Sendwise",
    supportEmail: "help@sendwise.test",
    supportNumber: "+44 20 7946 0000",
    lang: "en-GB",
    messages: enGB,
    url,
    validFor: "1 hour",
  });
  for (let round = 0; round < 2; round++) {
    const email = await composeEmail("reset_password", "ann@example.org", { url, token }, "en_GB");
    assert.equal(email.html, await render(element));
    assert.equal(email.text, await render(element, { plainText: true }));
  }
  const notice = await composeNotice("new_device", "ann@example.org", "en_GB", {
    when: new Date(),
    app: "App $&",
    userAgent: "Agent $' $`",
    ip: "192.0.2.1",
  });
  assert.ok(notice.text?.includes("Agent $' $`") && notice.text.includes("App $&"), notice.text ?? "");
});

test("an e-mail enqueued in a transaction that rolls back leaves no outbox row; a committed one stays", async () => {
  const to = address("rollback");
  const token = randomToken();
  const email = await composeEmail(
    "reset_password",
    to,
    { url: `https://app.example.com/reset?token=${token}`, token },
    "en_GB",
  );
  await assert.rejects(
    db().$transaction(async (tx) => {
      await queueEmail(tx, email);
      throw new Error("the reset token could not be stored");
    }),
    /could not be stored/,
  );
  assert.equal(await db().emailOutbox.count({ where: { toAddress: to } }), 0);

  const id = await db().$transaction((tx) => queueEmail(tx, email));
  const row = await outboxRow(id);
  assert.equal(row.toAddress, to);
  assert.equal(row.template, "reset_password");
  assert.equal(row.subject, "Reset your Sendwise password");
});

test("a queued e-mail is delivered once, keyed by its outbox id, and its bodies are then cleared", async () => {
  const to = address("deliver");
  const { email, id } = await queue(to);

  const delivery = await fake.waitForDelivery((d) => d.idempotencyKey === id);
  assert.equal(delivery.authorization, "Bearer re_test");
  assert.deepEqual([delivery.body.to].flat(), [to]);
  assert.equal(delivery.body.from, FROM);
  assert.equal(delivery.body.subject, email.subject);
  assert.equal(delivery.body.html, email.html);
  assert.equal(delivery.body.text, email.text);

  const row = await until(
    () => outboxRow(id),
    (r) => r.status === "sent",
  );
  assert.equal(row.providerId, delivery.id);
  assert.ok(row.sentAt instanceof Date);
  assert.equal(row.attempts, 1);
  assert.equal(row.html, null);
  assert.equal(row.text, null);
  assert.equal(row.lockedUntil, null);
  assert.equal(row.subject, email.subject, "the record of what was sent stays");
  assert.equal(row.toAddress, to);

  await sleep(DISPATCH_INTERVAL_MS * 8);
  assert.equal(requestsFor(id).length, 1, "never sent again");
});

test("while Resend answers 500 the e-mail is retried with growing delays and arrives exactly once", async () => {
  await outboxDrained();
  fake.failNext(2);
  const { id } = await queue(address("flaky"));

  await fake.waitForDelivery((d) => d.idempotencyKey === id);
  const attempts = requestsFor(id);
  assert.deepEqual(
    attempts.map((a) => a.status),
    [500, 500, 200],
  );
  const tolerance = 5;
  assert.ok(attempts[1].at - attempts[0].at >= RETRY_BASE_MS - tolerance, "first retry after the base delay");
  assert.ok(attempts[2].at - attempts[1].at >= 2 * RETRY_BASE_MS - tolerance, "second retry after twice that");

  const row = await until(
    () => outboxRow(id),
    (r) => r.status === "sent",
  );
  assert.equal(row.attempts, 3);
  assert.match(row.lastError ?? "", /500/);
  assert.equal(fake.deliveries().filter((d) => d.idempotencyKey === id).length, 1);
});

test(`after ${MAX_ATTEMPTS} failed attempts the e-mail is failed, and re-queueing it sends it again`, async () => {
  await outboxDrained();
  fake.setDown(true);
  let id: string;
  try {
    ({ id } = await queue(address("outage"), "reset_password"));
    const failed = await until(
      () => outboxRow(id),
      (r) => r.status === "failed",
    );
    assert.equal(failed.attempts, MAX_ATTEMPTS);
    assert.equal(requestsFor(id).length, MAX_ATTEMPTS);
    assert.ok(failed.lastError, "the reason is kept for the back office");
    assert.doesNotMatch(failed.lastError, /re_test/);
    assert.ok(failed.html && failed.text, "the bodies are kept so it can be re-sent");

    await sleep(DISPATCH_INTERVAL_MS * 8);
    assert.equal(requestsFor(id).length, MAX_ATTEMPTS, "a failed e-mail is left alone");
  } finally {
    fake.setDown(false);
  }

  /** What the back office's re-send does, without its audit entry. */
  const requeue = async (emailId: string) => {
    const row = await db().$transaction((tx) => requeueFailedEmail(tx, emailId));
    emailRequeued();
    return row;
  };
  const requeued = await requeue(id);
  assert.ok(requeued);
  assert.equal(requeued.id, id);
  assert.equal(requeued.status, "pending");
  assert.equal(requeued.attempts, 0);

  await fake.waitForDelivery((d) => d.idempotencyKey === id);
  const sent = await until(
    () => outboxRow(id),
    (r) => r.status === "sent",
  );
  assert.equal(sent.attempts, 1);
  assert.equal(requestsFor(id).length, MAX_ATTEMPTS + 1);

  assert.equal(await requeue(id), null, "a sent e-mail is not re-queued");
  assert.equal((await outboxRow(id)).status, "sent");
  assert.equal(await requeue(randomUUID()), null);
});

test("an address Resend refuses (422) fails at once, without retries; an outage (500) is retried", async () => {
  await outboxDrained();
  const { id } = await queue("nobody@example.invalid");
  const failed = await until(
    () => outboxRow(id),
    (r) => r.status === "failed",
  );
  assert.equal(failed.attempts, 1);
  assert.match(failed.lastError ?? "", /validation_error \(422\)/);
  await sleep(RETRY_BASE_MS * 4);
  assert.equal(requestsFor(id).length, 1, "not sent again");

  fake.failNext(1);
  const outage = await queue(address("outage-500"));
  const sent = await until(
    () => outboxRow(outage.id),
    (r) => r.status === "sent",
  );
  assert.equal(sent.attempts, 2);
});

test("dispatch passes running at the same time never send the same e-mail twice", async () => {
  await outboxDrained();
  fake.setLatency(30);
  try {
    const emails = await Promise.all(
      Array.from({ length: 25 }, () => {
        const token = randomToken();
        return composeEmail(
          "verify_email",
          address("burst"),
          { url: `https://app.example.com/v?t=${token}`, token },
          "en_GB",
        );
      }),
    );
    const ids = await db().$transaction(async (tx) => {
      const created: string[] = [];
      for (const email of emails) created.push(await queueEmail(tx, email));
      return created;
    });

    const sentByPass = await Promise.all([dispatchDueEmails(), dispatchDueEmails(), dispatchDueEmails()]);
    await until(
      () => db().emailOutbox.count({ where: { id: { in: ids }, status: "sent" } }),
      (n) => n === ids.length,
    );
    for (const id of ids) assert.equal(requestsFor(id).length, 1, `e-mail ${id} was sent once`);
    // The background loop runs at most one pass (one batch of 10) meanwhile: the rest was shared.
    assert.ok(sentByPass.filter((n) => n > 0).length >= 2, `each pass took its own rows: ${sentByPass}`);
    assert.ok(sentByPass.reduce((a, b) => a + b) <= ids.length);
  } finally {
    fake.setLatency(0);
  }
});

test("without RESEND_API_KEY the e-mail waits in the outbox, logged without its link: a warning once, then at debug", async () => {
  await outboxDrained();
  const key = process.env.RESEND_API_KEY;
  delete process.env.RESEND_API_KEY;
  reloadConfig();
  const captured = captureLog(["warn", "debug"]);
  let queued: Awaited<ReturnType<typeof queue>>;
  try {
    queued = await queue("offline@example.org", "reset_password");
    await queue("offline@example.org", "verify_email");
    await queue("offline@example.org", "verify_email");
    const line = (level: string, template: string) => ({
      level,
      msg: "e-mail not sent (RESEND_API_KEY is not set); it waits in the outbox, which the back office shows",
      fields: { template, to: "of*****@example.org" },
    });
    assert.deepEqual(captured.lines, [
      line("warn", "reset_password"),
      line("debug", "verify_email"),
      line("debug", "verify_email"),
    ]);
    assert.ok(!JSON.stringify(captured.lines).includes(queued.email.link!.token), "no token logged");
    assert.equal(await dispatchDueEmails(), 0);
    await sleep(DISPATCH_INTERVAL_MS * 8);
    const row = await outboxRow(queued.id);
    assert.equal(row.status, "pending");
    assert.equal(row.attempts, 0);
    assert.equal(requestsFor(queued.id).length, 0);
    const { token } = queued.email.link!;
    assert.ok(!JSON.stringify(row).includes(token), "the waiting row holds no token, in its bodies or anywhere else");
    assert.ok(row.html?.includes(`https://app.example.com/verify?token=${TOKEN_MARKER}`));
    assert.ok(row.text?.includes(`https://app.example.com/verify?token=${TOKEN_MARKER}`));
    assert.match(row.tokenBox ?? "", /^v1\./, "the token, sealed");
  } finally {
    captured.restore();
    process.env.RESEND_API_KEY = key;
    reloadConfig();
  }

  const delivery = await fake.waitForDelivery((d) => d.idempotencyKey === queued.id);
  assert.equal(delivery.body.html, queued.email.html, "sent with its live link");
  assert.equal(delivery.body.text, queued.email.text);
  assert.equal(
    (
      await until(
        () => outboxRow(queued.id),
        (r) => r.status === "sent",
      )
    ).attempts,
    1,
    "sent once a key is set",
  );
});

test("a link e-mail queued before tokens were sealed is sent as stored; one whose token cannot be opened fails at once", async () => {
  await outboxDrained();
  // As an upgraded database holds it: the token in its bodies, no token_box.
  const legacyLink = `https://app.example.com/verify/${randomToken()}`;
  const legacy = await db().emailOutbox.create({
    data: {
      template: "verify_email",
      toAddress: address("legacy"),
      subject: "S",
      html: `<a href="${legacyLink}">x</a>`,
      text: legacyLink,
    },
  });
  emailQueued({ template: "verify_email", to: legacy.toAddress, subject: "S", html: "", text: "" });
  const delivered = await fake.waitForDelivery((d) => d.idempotencyKey === legacy.id);
  assert.equal(delivered.body.text, legacyLink);

  // Sealed under another AUTH_SECRET, or damaged: no link can be put back, and no retry can help.
  const unopenable = await db().emailOutbox.create({
    data: {
      template: "reset_password",
      toAddress: address("unopenable"),
      subject: "S",
      html: `<a>${TOKEN_MARKER}</a>`,
      text: TOKEN_MARKER,
      tokenBox: `v1.${randomToken(12)}.${randomToken(16)}.${randomToken(32)}`,
    },
  });
  emailQueued({ template: "reset_password", to: unopenable.toAddress, subject: "S", html: "", text: "" });
  const failed = await until(
    () => outboxRow(unopenable.id),
    (r) => r.status === "failed",
  );
  assert.match(failed.lastError ?? "", /AUTH_SECRET changed/);
  assert.equal(requestsFor(unopenable.id).length, 0, "nothing was sent");
});
