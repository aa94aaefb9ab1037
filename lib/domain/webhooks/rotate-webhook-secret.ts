/**
 * A new signing secret for a webhook endpoint (POST …/webhooks/{wid}/rotate), shown in the result
 * only. The secret it replaces keeps signing beside it for ROTATION_OVERLAP_MS (two `v1,` signatures
 * in one header, as the Standard Webhooks spec allows), so the receiver can switch without losing a delivery.
 */
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { findEndpoint, toPublicEndpoint, type EndpointKey } from "./webhook-endpoint-record";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret";

const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export async function rotateWebhookSecret(key: EndpointKey, actor: Actor) {
  const secret = newWebhookSecret();
  const endpoint = await auditedChange(actor, [], async (tx) => {
    const existing = await findEndpoint(tx, key);
    const updated = await tx.webhookEndpoint.update({
      where: { id: existing.id },
      data: {
        secretBox: sealWebhookSecret(secret),
        previousSecretBox: existing.secretBox,
        previousSecretUntil: new Date(Date.now() + ROTATION_OVERLAP_MS),
      },
    });
    const [before, after] = [toPublicEndpoint(existing), toPublicEndpoint(updated)];
    return {
      result: after,
      audit: { action: "rotate_secret", resource: "webhooks", resourceId: existing.id, before, after },
    };
  });
  return { ...endpoint, secret };
}
