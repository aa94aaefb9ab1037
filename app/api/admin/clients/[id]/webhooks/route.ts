import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/domain/webhooks/list-webhook-endpoints";
import { newEndpointInput } from "@/lib/domain/webhooks/webhook-schemas";
import { privateTargetsAllowed } from "@/lib/domain/webhooks/webhook-target";

// The client's webhook endpoints, with the rule their URLs follow (Webhook-Targets: "public", or "any" under
// WEBHOOK_ALLOW_PRIVATE_TARGETS) for the form's help; a new one's secret is in the answer to POST only.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  GET: async ({ params }) =>
    plainJson(await listWebhookEndpoints(recordId(params.id)), 200, {
      "Webhook-Targets": privateTargetsAllowed() ? "any" : "public",
    }),
  POST: async ({ request, params, staff }) =>
    plainJson(
      await createWebhookEndpoint(recordId(params.id), await readInput(request, newEndpointInput), {
        staffId: staff.id,
      }),
      201,
    ),
});
