/**
 * The claim both outboxes share (the e-mail outbox, lib/domain/email/dispatch-emails.ts, and the webhook
 * deliveries, lib/domain/webhooks/dispatch-webhooks.ts): a pass takes up to `batchSize` due rows for
 * itself with FOR UPDATE SKIP LOCKED and a lease, counting the attempt, so that any number of
 * processes on one database never try one row at the same time; a claim whose process died lapses
 * with its lease, and the row is tried again. While dispatch is paused (a restored copy: the one row
 * of dispatch_pause, lib/domain/dispatch/) the claim takes nothing, in the same statement.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "./index";

/** The tables claimed this way; each has status, next_attempt_at, locked_until, attempts and created_at. */
export type ClaimedTable = "email_outbox" | "webhook_deliveries";

// Prisma writes DateTime as UTC into `timestamp without time zone` columns: compared with plain now(),
// they would be read in the session's time zone instead.
export const UTC_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

export type Claim = {
  table: ClaimedTable;
  /** The columns returned for each claimed row (`id, attempts` at least). */
  returning: Prisma.Sql;
  batchSize: number;
  leaseMs: number;
  /** A further condition on the rows claimed (`AND …`); none by default. */
  alsoWhere?: Prisma.Sql;
};

/** Takes up to `batchSize` pending rows due now, oldest first, leased for `leaseMs`; their attempts counted. None while paused. */
export function claimDue<T>({ table, returning, batchSize, leaseMs, alsoWhere = Prisma.empty }: Claim): Promise<T[]> {
  const name = Prisma.raw(table);
  return db().$queryRaw<T[]>`
    UPDATE ${name}
    SET locked_until = ${UTC_NOW} + ${leaseMs} * interval '1 millisecond', attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM ${name}
      WHERE status = 'pending'
        AND next_attempt_at <= ${UTC_NOW}
        AND (locked_until IS NULL OR locked_until < ${UTC_NOW})
        AND NOT EXISTS (SELECT 1 FROM dispatch_pause)
        ${alsoWhere}
      ORDER BY created_at
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${returning}`;
}
