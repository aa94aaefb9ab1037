/**
 * The e-mail outbox for operations: what was sent, what is waiting and what failed. Never the
 * bodies as stored, which carry single-use tokens (preview-outbox-email.ts hides them).
 */
import { config } from "@/lib/platform/config";
import type { EmailOutbox } from "@/lib/generated/prisma/client";
import type { EmailTemplate, OutboxStatus } from "@/lib/generated/prisma/enums";

export type OutboxRecord = {
  id: string;
  template: EmailTemplate;
  to_address: string;
  subject: string;
  status: OutboxStatus;
  /** Why a waiting e-mail is not being sent: `no_provider` while RESEND_API_KEY is not set. */
  not_sent_reason: "no_provider" | null;
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
    not_sent_reason: email.status === "pending" && !config().RESEND_API_KEY ? "no_provider" : null,
    attempts: email.attempts,
    next_attempt_at: email.nextAttemptAt.toISOString(),
    last_error: email.lastError,
    provider_id: email.providerId,
    created_at: email.createdAt.toISOString(),
    sent_at: email.sentAt?.toISOString() ?? null,
  };
}
