/**
 * A new webhook endpoint for an API client (POST /api/admin/clients/{id}/webhooks): its URL checked
 * (webhook-target.ts), its secret made, sealed and shown in the result only, audited without it.
 * At most MAX_ENDPOINTS_PER_CLIENT per client, however many requests arrive at once (the client's row is locked).
 */
import type { z } from "zod";
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { lockApiClient } from "@/lib/domain/api-clients/lock-api-client";
import { toPublicEndpoint } from "./webhook-endpoint-record";
import { MAX_ENDPOINTS_PER_CLIENT, type newEndpointInput } from "./webhook-schemas";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret";
import { checkTarget } from "./webhook-target";

export async function createWebhookEndpoint(clientId: number, input: z.infer<typeof newEndpointInput>, actor: Actor) {
  await checkTarget(input.url);
  const secret = newWebhookSecret();
  const endpoint = await auditedChange(actor, [], async (tx) => {
    const client = await lockApiClient(tx, clientId);
    if (!client.active) throw invalidRequest("This client is revoked");
    if ((await tx.webhookEndpoint.count({ where: { apiClientId: clientId } })) >= MAX_ENDPOINTS_PER_CLIENT) {
      throw invalidRequest(`A client has at most ${MAX_ENDPOINTS_PER_CLIENT} webhook endpoints`);
    }
    const created = toPublicEndpoint(
      await tx.webhookEndpoint.create({
        data: { apiClientId: clientId, url: input.url, events: input.events, secretBox: sealWebhookSecret(secret) },
      }),
    );
    return {
      result: created,
      audit: { action: "create", resource: "webhooks", resourceId: created.id, after: created },
    };
  });
  return { ...endpoint, secret };
}
