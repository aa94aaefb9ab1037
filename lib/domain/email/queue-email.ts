/**
 * Mail is never sent from a request: it is written to `email_outbox` with what it carries, all or
 * nothing (as a step of a hot path's one statement, `outboxInsert`, or in a cold path's transaction,
 * `queueEmail`), and the dispatcher (lib/domain/email/dispatch-emails.ts) delivers it from there.
 */
import { randomUUID } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";
import { type InsertedRow, insertedValues } from "@/lib/platform/db/one-statement";
import type { OutgoingEmail } from "./compose-email";
import { maskEmail } from "./mask-email";
import { sealedBody } from "./outbox-token-box";
import { wakeDispatcher } from "./wake-dispatcher";
import { log } from "@/lib/platform/runtime/log";
import { processGlobal } from "@/lib/platform/runtime/process-global";

/** The outbox row of `email`, queued at `now`: due at once; its token, if any, sealed apart from its bodies. */
function outboxRow(email: OutgoingEmail, now: Date) {
  return {
    id: randomUUID(),
    template: email.template,
    toAddress: email.to,
    subject: email.subject,
    ...sealedBody(email),
    nextAttemptAt: now,
    createdAt: now,
  };
}

/**
 * The INSERT that queues `email`, as a step of a larger statement; `id` is its outbox id. With
 * `onlyWith`, only if that earlier step inserted its row.
 */
export function outboxInsert(
  email: OutgoingEmail,
  now = new Date(),
  onlyWith?: InsertedRow,
): { id: string; insert: Prisma.Sql } {
  const row = outboxRow(email, now);
  const values = Prisma.sql`${row.id}, ${row.template}::"EmailTemplate", ${row.toAddress}, ${row.subject}, ${row.html}, ${row.text}, ${row.tokenBox}, ${row.nextAttemptAt}, ${row.createdAt}`;
  const insert = Prisma.sql`
    INSERT INTO email_outbox (id, template, to_address, subject, html, text, token_box, next_attempt_at, created_at)
    ${insertedValues(values, onlyWith)}`;
  return { id: row.id, insert };
}

/** Queues `email` within the transaction `tx`; returns its outbox id. */
export async function queueEmail(
  tx: Prisma.TransactionClient,
  email: OutgoingEmail,
  now = new Date(),
): Promise<string> {
  const { id } = await tx.emailOutbox.create({ data: outboxRow(email, now), select: { id: true } });
  return id;
}

const notSentWarning = processGlobal("email-not-sent-warned", () => ({ given: false }));

/**
 * Call after the statement or transaction that queued `email` committed. Without a provider, the
 * first e-mail a process cannot send is a warning; the next ones are logged at debug, as a warning
 * each would bury the log of an offline session in repeats of one fact.
 */
export function emailQueued(email: OutgoingEmail): void {
  if (!config().RESEND_API_KEY) {
    const level = notSentWarning.given ? "debug" : "warn";
    notSentWarning.given = true;
    // Never its link: that holds a single-use token. The back office's outbox shows the e-mail
    // without it; `npm run -s cli -- outbox show` prints it with it.
    log()[level](
      { template: email.template, to: maskEmail(email.to) },
      "e-mail not sent (RESEND_API_KEY is not set); it waits in the outbox, which the back office shows",
    );
    return;
  }
  wakeDispatcher();
}
