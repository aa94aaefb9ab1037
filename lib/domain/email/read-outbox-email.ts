/** One e-mail of the outbox as the back office sees it: its record and a preview with its token hidden. */
import type { EmailOutbox } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { mayReadStaffEmails } from "@/lib/domain/access/permissions";
import { isStaffEmail, toOutboxRecord, type OutboxRecord } from "./outbox-record";
import { type OutboxPreview, previewOutboxEmail } from "./preview-outbox-email";

/** The stored row, bodies and sealed token included: for this folder's verbs, never to be shown as it is. */
export async function outboxRow(id: string): Promise<EmailOutbox> {
  const email = await db().emailOutbox.findUnique({ where: { id } });
  if (!email) throw notFound("No such e-mail");
  return email;
}

/** E-mail `id` as `role` may read it: a staff member's e-mail is not found for a role that may not read those. */
export async function readOutboxEmail(id: string, role: StaffRole): Promise<OutboxRecord & { preview: OutboxPreview }> {
  const email = await outboxRow(id);
  if (isStaffEmail(email) && !mayReadStaffEmails(role)) throw notFound("No such e-mail");
  return { ...toOutboxRecord(email), preview: previewOutboxEmail(email) };
}
