/** A webhook endpoint as the admin API shows it and the audit log keeps it: never its secret. */
import type { Prisma, WebhookEndpoint } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/platform/errors/domain-error";
import { webhookEventName } from "./webhook-events";

export type PublicEndpoint = {
  id: number;
  client_id: number;
  url: string;
  events: string[];
  enabled: boolean;
  /** When the dispatcher disabled it for failing every delivery for 5 days. */
  auto_disabled_at: string | null;
  failing_since: string | null;
  /** Until when the secret a rotation replaced still signs beside the new one. */
  previous_secret_until: string | null;
  created_at: string;
};

export function toPublicEndpoint(endpoint: WebhookEndpoint): PublicEndpoint {
  return {
    id: endpoint.id,
    client_id: endpoint.apiClientId,
    url: endpoint.url,
    events: endpoint.events.map(webhookEventName),
    enabled: endpoint.enabled,
    auto_disabled_at: endpoint.autoDisabledAt?.toISOString() ?? null,
    failing_since: endpoint.failingSince?.toISOString() ?? null,
    previous_secret_until:
      endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date()
        ? endpoint.previousSecretUntil.toISOString()
        : null,
    created_at: endpoint.createdAt.toISOString(),
  };
}

/** Names an endpoint under its client: the admin API's /clients/{id}/webhooks/{wid}. */
export type EndpointKey = { clientId: number; endpointId: number };

/** Endpoint `key` read in `tx`; 404 when the client has no such endpoint. */
export async function findEndpoint(tx: Prisma.TransactionClient, key: EndpointKey): Promise<WebhookEndpoint> {
  const endpoint = await tx.webhookEndpoint.findFirst({ where: { id: key.endpointId, apiClientId: key.clientId } });
  if (!endpoint) throw notFound("No such webhook endpoint");
  return endpoint;
}
