/** An API client's webhook endpoints (GET /api/admin/clients/{id}/webhooks), oldest first. */
import { db } from "@/lib/platform/db";
import { noSuchClient } from "@/lib/domain/api-clients/api-client-record";
import { toPublicEndpoint } from "./webhook-endpoint-record";

export async function listWebhookEndpoints(clientId: number) {
  const client = await db().apiClient.findUnique({
    where: { id: clientId },
    select: { webhooks: { orderBy: { id: "asc" } } },
  });
  if (!client) throw noSuchClient({ id: clientId });
  return client.webhooks.map(toPublicEndpoint);
}
