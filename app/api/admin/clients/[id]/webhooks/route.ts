import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/domain/webhooks/list-webhook-endpoints";
import { newEndpointInput } from "@/lib/domain/webhooks/webhook-schemas";

// The client's webhook endpoints; a new one's secret is in the answer to POST only.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  GET: async ({ params }) => plainJson(await listWebhookEndpoints(recordId(params.id))),
  POST: async ({ request, params, staff }) =>
    plainJson(
      await createWebhookEndpoint(recordId(params.id), await readInput(request, newEndpointInput), {
        staffId: staff.id,
      }),
      201,
    ),
});
