import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { deleteWebhookEndpoint } from "@/lib/domain/webhooks/delete-webhook-endpoint";
import { updateWebhookEndpoint } from "@/lib/domain/webhooks/update-webhook-endpoint";
import { endpointChanges } from "@/lib/domain/webhooks/webhook-schemas";

const endpointKey = (params: Record<string, string>) => ({
  clientId: recordId(params.id),
  endpointId: recordId(params.wid),
});

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  PUT: async ({ request, params, staff }) =>
    plainJson(
      await updateWebhookEndpoint(endpointKey(params), await readInput(request, endpointChanges), {
        staffId: staff.id,
      }),
    ),
  DELETE: async ({ params, staff }) =>
    plainJson(await deleteWebhookEndpoint(endpointKey(params), { staffId: staff.id })),
});
