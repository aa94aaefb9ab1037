/**
 * Changes a webhook endpoint (PUT /api/admin/clients/{id}/webhooks/{wid}): its URL (checked again),
 * its events, enabled or not. Enabling one the dispatcher disabled starts it afresh.
 */
import type { z } from "zod";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { findEndpoint, toPublicEndpoint, type EndpointKey } from "./webhook-endpoint-record";
import type { endpointChanges } from "./webhook-schemas";
import { checkTarget } from "./webhook-target";

export async function updateWebhookEndpoint(key: EndpointKey, input: z.infer<typeof endpointChanges>, actor: Actor) {
  if (input.url !== undefined) await checkTarget(input.url);
  return auditedChange(actor, [], async (tx) => {
    const existing = await findEndpoint(tx, key);
    const enabling = input.enabled === true && !existing.enabled;
    const updated = await tx.webhookEndpoint.update({
      where: { id: existing.id },
      data: {
        url: input.url,
        events: input.events,
        enabled: input.enabled,
        ...(enabling ? { autoDisabledAt: null, failingSince: null } : {}),
      },
    });
    const [before, after] = [toPublicEndpoint(existing), toPublicEndpoint(updated)];
    return { result: after, audit: { action: "update", resource: "webhooks", resourceId: existing.id, before, after } };
  });
}
