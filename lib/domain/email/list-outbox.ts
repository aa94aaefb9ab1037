/** The back office's list of the e-mail outbox, filtered, sorted and paged in the database. */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import {
  boundedTotal,
  enumFilter,
  idsFilter,
  likeLiteral,
  narrows,
  pageOf,
  searchText,
  textFilter,
  type ListQuery,
} from "@/lib/platform/db/list-query";
import { EmailTemplate, OutboxStatus, type StaffRole } from "@/lib/generated/prisma/enums";
import { mayReadStaffEmails } from "@/lib/domain/access/permissions";
import { outboxOf, toOutboxRecord } from "./outbox-record";

export const SORTABLE = {
  created_at: "createdAt",
  status: "status",
  attempts: "attempts",
  next_attempt_at: "nextAttemptAt",
  sent_at: "sentAt",
};

/** Filters: `status`, `template`, `q` (part of the address); of the e-mails `role` may read (outboxOf). */
export async function listOutbox(query: ListQuery, role: StaffRole) {
  const q = searchText(query.filter);
  const where: Prisma.EmailOutboxWhereInput = {
    AND: [outboxOf(role)],
    id: idsFilter(query.filter, textFilter),
    status: enumFilter(OutboxStatus, query.filter.status),
    template: enumFilter(EmailTemplate, query.filter.template),
    toAddress: q ? { contains: likeLiteral(q.toLowerCase()) } : undefined,
  };
  const [rows, total] = await Promise.all([
    db().emailOutbox.findMany({ where, ...pageOf(query) }),
    boundedTotal(
      // Along (status, id) for a status, else (template, created_at, id) or (created_at, id).
      (bound) =>
        db().emailOutbox.count({ where, orderBy: where.status ? { id: "asc" } : { createdAt: "desc" }, ...bound }),
      narrows(query.filter) || !mayReadStaffEmails(role) ? undefined : "email_outbox",
    ),
  ]);
  return { rows: rows.map(toOutboxRecord), total };
}

/** The newest e-mails, newest first, only those to `to` when given: the operator's `npm run -s cli -- outbox list`. */
export async function listLatestOutbox({ to, take }: { to?: string; take: number }) {
  const rows = await db().emailOutbox.findMany({ where: { toAddress: to }, orderBy: { createdAt: "desc" }, take });
  return rows.map(toOutboxRecord);
}
