import { adminRoute } from "@/lib/http/with-staff";
import { listPage } from "@/lib/http/respond";
import { readListQuery, recordId } from "@/lib/http/list-protocol";
import { listWebhookDeliveries, SORTABLE } from "@/lib/domain/webhooks/list-webhook-deliveries";

// One endpoint's deliveries with their attempts, in the list protocol (filter: event, status).
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  GET: async ({ request, params }) => {
    const query = readListQuery(request, SORTABLE, ["created_at", "desc"]);
    const key = { clientId: recordId(params.id), endpointId: recordId(params.wid) };
    const { rows, total } = await listWebhookDeliveries(key, query);
    return listPage("deliveries", rows, query.skip, total);
  },
});
