/** Deletes a webhook endpoint and its deliveries (DELETE /api/admin/clients/{id}/webhooks/{wid}); nothing more is sent to it. */
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { findEndpoint, toPublicEndpoint, type EndpointKey } from "./webhook-endpoint-record";

export async function deleteWebhookEndpoint(key: EndpointKey, actor: Actor) {
  return auditedChange(actor, [], async (tx) => {
    const existing = await findEndpoint(tx, key);
    await tx.webhookEndpoint.delete({ where: { id: existing.id } });
    const before = toPublicEndpoint(existing);
    return { result: before, audit: { action: "delete", resource: "webhooks", resourceId: existing.id, before } };
  });
}
