/**
 * Sends a delivery again (POST …/webhooks/{wid}/deliveries/{did}/replay), whatever became of it: the
 * same event with the same `webhook-id` and body, due at once and with the whole retry schedule
 * ahead of it; its earlier attempts stay listed. Audited.
 */
import { notFound } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { findEndpoint, type EndpointKey } from "./webhook-endpoint-record";

export async function replayWebhookDelivery(key: EndpointKey & { deliveryId: string }, actor: Actor) {
  return auditedChange(actor, [], async (tx) => {
    const endpoint = await findEndpoint(tx, key);
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: key.deliveryId, endpointId: endpoint.id },
      data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), deliveredAt: null },
    });
    if (count === 0) throw notFound("No such delivery");
    return {
      result: { id: key.deliveryId, status: "pending" as const },
      audit: {
        action: "replay",
        resource: "webhooks",
        resourceId: endpoint.id,
        after: { delivery_id: key.deliveryId },
      },
    };
  });
}
