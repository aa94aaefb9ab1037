/**
 * The e-mail outbox for operations: what was sent, what is waiting and what failed. Never the
 * bodies, which carry single-use tokens.
 */
import type { EmailOutbox } from "@/lib/generated/prisma/client";

export type OutboxRecord = {
  id: string;
  template: string;
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  provider_id: string | null;
  created_at: string;
  sent_at: string | null;
};

export function toOutboxRecord(email: EmailOutbox): OutboxRecord {
  return {
    id: email.id,
    template: email.template,
    to_address: email.toAddress,
    subject: email.subject,
    status: email.status,
    attempts: email.attempts,
    next_attempt_at: email.nextAttemptAt.toISOString(),
    last_error: email.lastError,
    provider_id: email.providerId,
    created_at: email.createdAt.toISOString(),
    sent_at: email.sentAt?.toISOString() ?? null,
  };
}
