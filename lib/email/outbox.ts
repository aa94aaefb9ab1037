import { randomUUID } from "node:crypto";
import { Prisma, type EmailOutbox } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import type { OutgoingEmail } from "@/lib/email/compose";
import { maskEmail } from "@/lib/email/mask-email";
import { processGlobal } from "@/lib/process-global";

/**
 * Mail is never sent from a request: it is written to `email_outbox` in the statement that writes
 * what it carries (this INSERT is one of its steps), and the dispatcher (lib/email/dispatcher.ts)
 * delivers it from there. The template is an enum, its parameter cast as in `eventInsert`
 * (lib/customers/events.ts).
 */
export function outboxInsert(email: OutgoingEmail, now = new Date()): { id: string; insert: Prisma.Sql } {
  const id = randomUUID();
  const insert = Prisma.sql`
    INSERT INTO email_outbox (id, template, to_address, subject, html, text, next_attempt_at, created_at)
    VALUES (${id}, ${email.template}::"EmailTemplate", ${email.to}, ${email.subject}, ${email.html}, ${email.text}, ${now}, ${now})`;
  return { id, insert };
}

/** Call after the statement that queued `email` committed. */
export function emailQueued(email: OutgoingEmail): void {
  if (!config().RESEND_API_KEY) {
    console.log(
      `[email] not sent (RESEND_API_KEY is not set): ${email.template} to ${maskEmail(email.to)}: ${email.url}`,
    );
    return;
  }
  wakeDispatcher();
}

/**
 * The back office's "re-send": puts a failed e-mail back in the queue with a fresh set of attempts,
 * as part of `tx` (the transaction that also writes its audit entry). Null when it is not a failed
 * one. Call `emailRequeued` once `tx` committed.
 */
export async function requeueFailedEmail(tx: Prisma.TransactionClient, id: string): Promise<EmailOutbox | null> {
  const [row] = await tx.emailOutbox.updateManyAndReturn({
    where: { id, status: "failed" },
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), lockedUntil: null },
  });
  return row ?? null;
}

/** Call after the transaction that re-queued an e-mail committed: the dispatcher sends it at once. */
export function emailRequeued(): void {
  wakeDispatcher();
}

// Requests are handled by Next's server bundle, which has its own copy of this module, while the
// dispatcher runs in the process's own module graph: the wake-up call meets it here.
const listeners = processGlobal("email-queued-listeners", () => new Set<() => void>());

/** A running dispatcher listens here to send new mail at once; returns the function that stops listening. */
export function onEmailQueued(wake: () => void): () => void {
  listeners.add(wake);
  return () => {
    listeners.delete(wake);
  };
}

function wakeDispatcher(): void {
  for (const wake of listeners) wake();
}
