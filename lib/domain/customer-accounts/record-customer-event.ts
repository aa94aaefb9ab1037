/** What compliance sees about an account: one row per registration, login, reset, verification. */
import { Prisma } from "@/lib/generated/prisma/client";
import { type InsertedRow, insertedValues, rowIdValue, type RowId } from "@/lib/platform/db/one-statement";
import type { CustomerEventType, EventOutcome } from "@/lib/generated/prisma/enums";
import type { Device } from "@/lib/domain/tokens/device";

/** An event to record; `customerId` may be the id of a row an earlier step of the same statement inserts. */
export type CustomerEvent<Id extends RowId = RowId> = {
  type: CustomerEventType;
  outcome: EventOutcome;
  email: string;
  customerId?: Id | null;
  apiClientId?: number | null;
  device?: Device;
  /** The profile fields (API names) a `profile_updated` event changed; never their values. */
  changedFields?: string[];
  /** What a staff decision changed (kyc-review.ts), in the admin API's names; never a reason or personal data. */
  detail?: EventDetail;
};

export type EventDetail = { before: Prisma.InputJsonObject; after: Prisma.InputJsonObject };

/** The row of one event that happened at `now`; empty device fields when no device reported it. */
function eventRow<Id extends RowId>(event: CustomerEvent<Id>, now: Date) {
  return {
    type: event.type,
    outcome: event.outcome,
    email: event.email,
    customerId: event.customerId ?? null,
    apiClientId: event.apiClientId ?? null,
    ip: event.device?.ip ?? "",
    ipReported: event.device?.ipReported ?? false,
    userAgent: event.device?.userAgent ?? "",
    fingerprint: event.device?.fingerprint ?? "",
    changedFields: event.changedFields ?? [],
    detail: event.detail,
    createdAt: now,
  };
}

/**
 * The INSERT of one event, as a step of a larger statement; with `onlyWith`, only if that earlier
 * step inserted its row.
 */
export function eventInsert(event: CustomerEvent, now = new Date(), onlyWith?: InsertedRow): Prisma.Sql {
  const row = eventRow(event, now);
  const values = Prisma.sql`${row.type}::"CustomerEventType", ${row.outcome}::"EventOutcome", ${row.email}, ${row.customerId === null ? null : rowIdValue(row.customerId)}, ${row.apiClientId},
            ${row.ip}, ${row.ipReported}, ${row.userAgent}, ${row.fingerprint}, ${row.createdAt}`;
  return Prisma.sql`
    INSERT INTO customer_events (type, outcome, email, customer_id, api_client_id, ip, ip_reported, user_agent, fingerprint, created_at)
    ${insertedValues(values, onlyWith)}`;
}

/** Records one event on its own, or within the transaction `tx`. */
export async function recordEvent(
  tx: Prisma.TransactionClient,
  event: CustomerEvent<number>,
  now = new Date(),
): Promise<void> {
  await tx.customerEvent.create({ data: eventRow(event, now), select: { id: true } });
}
