/**
 * The e-mail outbox for operations (and, its customers' e-mails, for compliance): what was sent,
 * what is waiting and what failed. Never the bodies as stored, which carry single-use tokens
 * (preview-outbox-email.ts hides them).
 */
import { config } from "@/lib/platform/config";
import type { EmailOutbox, Prisma } from "@/lib/generated/prisma/client";
import type { EmailTemplate, OutboxStatus, StaffRole } from "@/lib/generated/prisma/enums";
import { mayReadStaffEmails } from "@/lib/domain/access/permissions";

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

/** The e-mails to staff members (not to customers): only the roles that may (mayReadStaffEmails) see them. */
const STAFF_EMAIL_TEMPLATES: EmailTemplate[] = ["staff_reset_password"];

/** The outbox `role` may read: all of it, or the customers' e-mails only. */
export function outboxOf(role: StaffRole): Prisma.EmailOutboxWhereInput {
  return mayReadStaffEmails(role) ? {} : { template: { notIn: STAFF_EMAIL_TEMPLATES } };
}

export const isStaffEmail = (email: Pick<EmailOutbox, "template">) => STAFF_EMAIL_TEMPLATES.includes(email.template);

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
