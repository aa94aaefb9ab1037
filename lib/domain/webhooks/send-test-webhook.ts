/** A `webhook.test` event to one endpoint (POST …/webhooks/{wid}/test), whatever it subscribes to; audited. */
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { findEndpoint, type EndpointKey } from "./webhook-endpoint-record";

export async function sendTestWebhook(key: EndpointKey, actor: Actor): Promise<{ delivery_id: string }> {
  return auditedChange(actor, [], async (tx) => {
    const endpoint = await findEndpoint(tx, key);
    const delivery = await tx.webhookDelivery.create({
      data: { endpointId: endpoint.id, event: "webhook_test", data: { endpoint_id: endpoint.id } },
      select: { id: true },
    });
    return {
      result: { delivery_id: delivery.id },
      audit: { action: "test", resource: "webhooks", resourceId: endpoint.id, after: { delivery_id: delivery.id } },
    };
  });
}
