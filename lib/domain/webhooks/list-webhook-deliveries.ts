/**
 * One endpoint's deliveries for the back office (GET /api/admin/clients/{id}/webhooks/{wid}/deliveries),
 * newest first by default, each with every attempt: when, the outcome, the status code, how long it
 * took and the first 1 KB of the answer. Filters: `event` (its wire name) and `status` (the outcome).
 */
import type { Prisma, WebhookAttempt, WebhookDelivery } from "@/lib/generated/prisma/client";
import { WebhookDeliveryStatus } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";
import { boundedTotal, enumFilter, pageOf, textFilter, type ListQuery } from "@/lib/platform/db/list-query";
import { findEndpoint, type EndpointKey } from "./webhook-endpoint-record";
import { WEBHOOK_EVENTS, webhookEventName } from "./webhook-events";
import { webhookBody } from "./dispatch-webhooks";

export const SORTABLE = { created_at: "createdAt", status: "status", attempts: "attempts" };

export function toDeliveryRecord(delivery: WebhookDelivery & { attemptsMade: WebhookAttempt[] }) {
  return {
    id: delivery.id,
    event: webhookEventName(delivery.event),
    status: delivery.status,
    data: delivery.data,
    /** The request body as every attempt sends it. */
    body: webhookBody(delivery),
    attempts: delivery.attempts,
    created_at: delivery.createdAt.toISOString(),
    next_attempt_at: delivery.status === "pending" ? delivery.nextAttemptAt.toISOString() : null,
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    attempts_made: delivery.attemptsMade.map((attempt) => ({
      attempted_at: attempt.attemptedAt.toISOString(),
      outcome: attempt.outcome,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      response: attempt.response,
    })),
  };
}

export async function listWebhookDeliveries(key: EndpointKey, query: ListQuery) {
  const endpoint = await findEndpoint(db(), key);
  const eventName = textFilter(query.filter.event);
  const event = eventName === undefined ? undefined : (WEBHOOK_EVENTS.get(eventName) ?? { in: [] });
  const where: Prisma.WebhookDeliveryWhereInput = {
    endpointId: endpoint.id,
    event,
    status: enumFilter(WebhookDeliveryStatus, query.filter.status),
  };
  const [rows, total] = await Promise.all([
    db().webhookDelivery.findMany({
      where,
      include: { attemptsMade: { orderBy: { attemptedAt: "asc" } } },
      ...pageOf(query),
    }),
    // Along the index on (endpoint_id, created_at).
    boundedTotal((bound) => db().webhookDelivery.count({ where, orderBy: { createdAt: "desc" }, ...bound }), undefined),
  ]);
  return { rows: rows.map(toDeliveryRecord), total };
}
