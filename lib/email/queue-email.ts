/**
 * Mail is never sent from a request: it is written to `email_outbox` in the statement that writes
 * what it carries (this INSERT is one of its steps), and the dispatcher (lib/email/dispatch-emails.ts)
 * delivers it from there.
 */
import { randomUUID } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config";
import type { OutgoingEmail } from "./compose-email";
import { maskEmail } from "./mask-email";
import { wakeDispatcher } from "./wake-dispatcher";

export function outboxInsert(email: OutgoingEmail, now = new Date()): { id: string; insert: Prisma.Sql } {
  const id = randomUUID();
  const insert = Prisma.sql`
    INSERT INTO email_outbox (id, template, to_address, subject, html, text, next_attempt_at, created_at)
    VALUES (${id}, ${email.template}, ${email.to}, ${email.subject}, ${email.html}, ${email.text}, ${now}, ${now})`;
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
