import { Prisma } from "@/lib/generated/prisma/client";
import type { CustomerEventType, EventOutcome } from "@/lib/generated/prisma/enums";
import type { RowId } from "@/lib/db/one-statement";
import type { Device } from "./device";

/** What compliance sees about an account: one row per registration, login, reset, verification. */
export type CustomerEvent = {
  type: CustomerEventType;
  outcome: EventOutcome;
  email: string;
  customerId?: RowId | null;
  apiClientId?: number | null;
  device?: Device;
};

/**
 * The INSERT of one event, to run alone (`recordEvent`) or as a step of a larger statement. Type and
 * outcome are enums: their parameters are cast, so that the statement does not rely on the driver
 * sending them untyped for PostgreSQL to read them as the column's type (text it would refuse).
 */
export function eventInsert(event: CustomerEvent, now = new Date()): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO customer_events (type, outcome, email, customer_id, api_client_id, ip, user_agent, fingerprint, created_at)
    VALUES (${event.type}::"CustomerEventType", ${event.outcome}::"EventOutcome", ${event.email}, ${event.customerId ?? null}, ${event.apiClientId ?? null},
            ${event.device?.ip ?? ""}, ${event.device?.userAgent ?? ""}, ${event.device?.fingerprint ?? ""}, ${now})`;
}

export async function recordEvent(tx: Prisma.TransactionClient, event: CustomerEvent): Promise<void> {
  await tx.$executeRaw(eventInsert(event));
}
