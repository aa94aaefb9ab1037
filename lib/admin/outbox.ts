import type { EmailOutbox, Prisma } from "@/lib/generated/prisma/client";
import { EmailTemplate, OutboxStatus } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/api/errors";
import { auditedChange, type Actor } from "@/lib/audit";
import { emailRequeued, requeueFailedEmail } from "@/lib/email/outbox";
import { enumFilter, textFilter, pageOf, idsFilter, searchText, type ListQuery } from "./protocol";

/**
 * The e-mail outbox for operations: what was sent, what is waiting and what failed. Never the
 * bodies, which carry single-use tokens. Filters: `status`, `template`, `q` (part of the address).
 */
export type OutboxRecord = {
  id: string;
  template: EmailTemplate;
  to_address: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  provider_id: string | null;
  created_at: string;
  sent_at: string | null;
};

export const SORTABLE = { created_at: "createdAt", status: "status", attempts: "attempts", next_attempt_at: "nextAttemptAt", sent_at: "sentAt" };

function toRecord(email: EmailOutbox): OutboxRecord {
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

export async function listOutbox(query: ListQuery) {
  const q = searchText(query.filter);
  const where: Prisma.EmailOutboxWhereInput = {
    id: idsFilter(query.filter, textFilter),
    status: enumFilter(OutboxStatus, query.filter.status),
    template: enumFilter(EmailTemplate, query.filter.template),
    toAddress: q ? { contains: q.toLowerCase() } : undefined,
  };
  const [rows, total] = await Promise.all([
    db().emailOutbox.findMany({ where, ...pageOf(query) }),
    db().emailOutbox.count({ where }),
  ]);
  return { rows: rows.map(toRecord), total };
}

export async function readEmail(id: string): Promise<OutboxRecord> {
  const email = await db().emailOutbox.findUnique({ where: { id } });
  if (!email) throw notFound("No such e-mail");
  return toRecord(email);
}

/** Puts a failed e-mail back in the queue; the change and its audit entry are one transaction. */
export async function resend(id: string, actor: Actor): Promise<OutboxRecord> {
  const before = await readEmail(id);
  const after = await auditedChange(actor, [], async (tx) => {
    const retried = await requeueFailedEmail(tx, id);
    if (!retried) throw badRequest("Only a failed e-mail can be sent again");
    const requeued = toRecord(retried);
    return { result: requeued, audit: { action: "resend", resource: "outbox", resourceId: id, before, after: requeued } };
  });
  emailRequeued();
  return after;
}
