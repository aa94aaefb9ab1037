/**
 * Delivers the outbox through Resend. Any number of processes may run this against one database:
 * each pass claims a batch of due rows for itself (FOR UPDATE SKIP LOCKED plus a lease), and the
 * outbox id is Resend's idempotency key, so a send retried after a crash or a timeout is delivered once.
 */
import type { Resend } from "resend";
import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { claimDue } from "@/lib/platform/db/claim-due";
import { logUnlessUnreachable } from "@/lib/platform/db/outage";
import { startRepeatingPass } from "@/lib/platform/runtime/repeating-pass";
import { onEmailQueued } from "./wake-dispatcher";
import { maskEmail } from "./mask-email";
import { openedBody, TOKEN_MARKER } from "./outbox-token-box";
import { log } from "@/lib/platform/runtime/log";
import { inSpan, untraced } from "@/lib/platform/runtime/tracing";

const BATCH_SIZE = 10;
const SEND_TIMEOUT_MS = 5_000;
// Longer than the slowest pass (every send of a batch timing out), so a claim never lapses mid-pass.
const LEASE_MS = BATCH_SIZE * SEND_TIMEOUT_MS + 10_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const MAX_ERROR_LENGTH = 500;

type ClaimedEmail = {
  id: string;
  template: string;
  toAddress: string;
  subject: string;
  html: string | null;
  text: string | null;
  tokenBox: string | null;
  attempts: number;
};

/** `permanent`: Resend refused the e-mail itself (an address it rejects, say); no retry can help. */
type SendResult = { providerId: string } | { error: string; permanent: boolean };

// 400 and 422 are about the request itself. Other refusals can pass later: 401/403 once the API key
// is fixed, 429 once the rate allows, 5xx once Resend is back.
const PERMANENT_STATUSES = new Set([400, 422]);

/** One pass: claims the due e-mails and tries each once. Returns how many were sent. */
export async function dispatchDueEmails(): Promise<number> {
  const apiKey = config().RESEND_API_KEY;
  if (!apiKey) return 0;
  // Not traced: a pass every EMAIL_DISPATCH_INTERVAL_MS that mostly finds nothing would be a trace each time.
  const claimed = await untraced(claimDueEmails);
  if (claimed.length === 0) return 0;
  // Loaded with the first e-mail to send: a server without RESEND_API_KEY, or with nothing to send yet, holds no Resend client.
  const { Resend } = await import("resend");
  const resend = new Resend(apiKey);
  // A trace of its own, even when a request's queued e-mail woke the dispatcher: the request has answered.
  return inSpan(
    "email.dispatch",
    { "email.claimed": claimed.length },
    async () => {
      let sent = 0;
      for (const email of claimed) {
        const attributes = {
          "email.outbox_id": email.id,
          "email.template": email.template,
          "email.attempt": email.attempts,
        };
        await inSpan("email.send", attributes, async (span) => {
          const body = openedBody(email);
          const result = await send(resend, email, body);
          if ("providerId" in result) {
            await recordSent(email, result.providerId);
            sent++;
          } else {
            span?.setAttribute("email.failed", result.permanent ? "permanent" : "retried");
            // An error may quote what was sent: neither the API key nor the e-mail's token is kept or logged.
            let error = result.error.replaceAll(apiKey, "[RESEND_API_KEY]");
            if (body?.token) error = error.replaceAll(body.token, TOKEN_MARKER);
            await recordFailure(email, error, result.permanent);
          }
        });
      }
      return sent;
    },
    { root: true },
  );
}

/**
 * Runs a pass every EMAIL_DISPATCH_INTERVAL_MS and as soon as mail is queued in this process,
 * never two at once. The returned function stops it, waiting for a pass in progress.
 */
export function startEmailDispatcher(): () => Promise<void> {
  const passes = startRepeatingPass(dispatchDueEmails, config().EMAIL_DISPATCH_INTERVAL_MS, (error) =>
    // An unreachable database is logged once for the whole process (lib/platform/db/outage.ts), not every pass.
    logUnlessUnreachable("[email] dispatch pass failed", error),
  );
  const stopListening = onEmailQueued(passes.wake);
  return async () => {
    stopListening();
    await passes.stop();
  };
}

/** Takes up to BATCH_SIZE due e-mails for this pass, leased (lib/platform/db/claim-due.ts). Exported for test/raw-statements.test.ts. */
export function claimDueEmails(): Promise<ClaimedEmail[]> {
  return claimDue<ClaimedEmail>({
    table: "email_outbox",
    returning: Prisma.sql`id, template, to_address AS "toAddress", subject, html, text, token_box AS "tokenBox", attempts`,
    batchSize: BATCH_SIZE,
    leaseMs: LEASE_MS,
  });
}

/** Sends `email` with `body`, its bodies with its token put back (outbox-token-box.ts). */
async function send(resend: Resend, email: ClaimedEmail, body: ReturnType<typeof openedBody>): Promise<SendResult> {
  if (email.html === null || email.text === null) return { error: "the e-mail has no body", permanent: true };
  if (body === null || body.text === null) {
    return { error: "its link cannot be opened: AUTH_SECRET changed since it was queued", permanent: true };
  }
  try {
    const { data, error } = await resend.emails.send(
      { from: config().EMAIL_FROM, to: email.toAddress, subject: email.subject, html: body.html, text: body.text },
      { idempotencyKey: email.id, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
    );
    if (error) {
      return {
        error: `${error.name}${error.statusCode ? ` (${error.statusCode})` : ""}: ${error.message}`,
        permanent: PERMANENT_STATUSES.has(error.statusCode ?? 0),
      };
    }
    return { providerId: data.id };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), permanent: false };
  }
}

async function recordSent(email: ClaimedEmail, providerId: string): Promise<void> {
  // The bodies carry a single-use token: once delivered, only the record of the send is kept.
  await db().emailOutbox.update({
    where: { id: email.id },
    data: { status: "sent", sentAt: new Date(), providerId, html: null, text: null, tokenBox: null, lockedUntil: null },
  });
}

async function recordFailure(email: ClaimedEmail, error: string, permanent: boolean): Promise<void> {
  const lastError = error.slice(0, MAX_ERROR_LENGTH);
  const gaveUp = permanent || email.attempts >= config().EMAIL_MAX_ATTEMPTS;
  const retryInMs = Math.min(config().EMAIL_RETRY_BASE_MS * 2 ** (email.attempts - 1), MAX_BACKOFF_MS);
  await db().emailOutbox.update({
    where: { id: email.id },
    data: gaveUp
      ? { status: "failed", lastError, lockedUntil: null }
      : { lastError, lockedUntil: null, nextAttemptAt: new Date(Date.now() + retryInMs) },
  });
  const what = `[email] ${email.template} ${email.id} to ${maskEmail(email.toAddress)}`;
  if (permanent) log().error(`${what} refused, not retried: ${lastError}`);
  else if (gaveUp) log().error(`${what} failed after ${email.attempts} attempts: ${lastError}`);
  else log().warn(`${what}: attempt ${email.attempts} failed (${lastError}); next in ${Math.ceil(retryInMs / 1000)} s`);
}
