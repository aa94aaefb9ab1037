/**
 * Webhooks are never sent from a request: an event is written to `webhook_deliveries`, one row per
 * enabled endpoint (of an active client) subscribed to it, in the same statement (`webhookInsert`, a
 * step of a hot path's one statement) or transaction (`queueWebhook`) as the change it reports; so a
 * change that rolls back sends nothing and one that commits is never lost. The dispatcher
 * (dispatch-webhooks.ts) delivers them. With no endpoint subscribed the step inserts nothing, at the
 * cost of reading the (small) endpoints table.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import type { WebhookEventType } from "@/lib/generated/prisma/enums";
import { type InsertedRow, rowIdValue, type RowId } from "@/lib/platform/db/one-statement";
import type { WebhookData } from "./webhook-events";

/** An event's data, its `customer_id` possibly the row an earlier step of the statement inserts. */
export type QueuedData = { customer_id: RowId; email: string; [field: string]: WebhookData[string] | RowId };

/**
 * The INSERT of `event`'s deliveries, as a step of a larger statement; with `onlyWith`, only if
 * that earlier step inserted its row.
 */
export function webhookInsert(
  event: WebhookEventType,
  data: QueuedData,
  now = new Date(),
  onlyWith?: InsertedRow,
): Prisma.Sql {
  const { customer_id, ...rest } = data;
  const type = Prisma.sql`${event}::"WebhookEventType"`;
  const customer = Prisma.sql`(${rowIdValue(customer_id)})::int`;
  return Prisma.sql`
    INSERT INTO webhook_deliveries (id, endpoint_id, event, data, customer_id, next_attempt_at, created_at)
    SELECT gen_random_uuid()::text, endpoint.id, ${type},
           jsonb_build_object('customer_id', ${customer}) || ${JSON.stringify(rest)}::jsonb, ${customer}, ${now}, ${now}
    FROM webhook_endpoints endpoint JOIN api_clients client ON client.id = endpoint.api_client_id
    ${onlyWith ? Prisma.sql`, ${Prisma.raw(onlyWith.name)}` : Prisma.empty}
    WHERE endpoint.enabled AND client.active AND ${type} = ANY (endpoint.events)`;
}

/** Queues `event`'s deliveries within the transaction `tx`. */
export async function queueWebhook(
  tx: Prisma.TransactionClient,
  event: WebhookEventType,
  data: WebhookData,
  now = new Date(),
): Promise<void> {
  await tx.$executeRaw(webhookInsert(event, data, now));
}
