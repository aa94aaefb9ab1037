import type { EmailOutbox, Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import type { OutgoingEmail } from "@/lib/email/compose";
import { maskEmail } from "@/lib/email/mask-email";

/**
 * Mail is never sent from a request: it is written to `email_outbox` in the transaction that
 * creates what it carries, and the dispatcher (lib/email/dispatcher.ts) delivers it from there.
 */
export async function enqueueEmail(tx: Prisma.TransactionClient, email: OutgoingEmail): Promise<string> {
  const row = await tx.emailOutbox.create({
    data: { template: email.template, toAddress: email.to, subject: email.subject, html: email.html, text: email.text },
    select: { id: true },
  });
  return row.id;
}

/** Call after the transaction that enqueued `email` committed. */
export function emailQueued(email: OutgoingEmail): void {
  if (!config().RESEND_API_KEY) {
    console.log(
      `[email] not sent (RESEND_API_KEY is not set): ${email.template} to ${maskEmail(email.to)}: ${email.url}`,
    );
    return;
  }
  wakeDispatcher();
}

/** The back office's "re-send": only a failed e-mail goes back in the queue, with a fresh set of attempts. */
export async function retryEmail(id: string): Promise<EmailOutbox | null> {
  const [row] = await db().emailOutbox.updateManyAndReturn({
    where: { id, status: "failed" },
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), lockedUntil: null },
  });
  if (!row) return null;
  wakeDispatcher();
  return row;
}

// Requests are handled by Next's server bundle, which has its own copy of this module, while the
// dispatcher runs in the process's own module graph: the wake-up call meets it through globalThis.
const LISTENERS_KEY = Symbol.for("remit-accounts.email-queued-listeners");
type GlobalWithListeners = typeof globalThis & { [LISTENERS_KEY]?: Set<() => void> };

function listeners(): Set<() => void> {
  const holder = globalThis as GlobalWithListeners;
  holder[LISTENERS_KEY] ??= new Set();
  return holder[LISTENERS_KEY];
}

/** A running dispatcher listens here to send new mail at once; returns the function that stops listening. */
export function onEmailQueued(wake: () => void): () => void {
  listeners().add(wake);
  return () => {
    listeners().delete(wake);
  };
}

function wakeDispatcher(): void {
  for (const wake of listeners()) wake();
}
