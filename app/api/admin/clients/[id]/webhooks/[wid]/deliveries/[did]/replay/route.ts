import { notFound } from "@/lib/platform/errors/domain-error";
import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { replayWebhookDelivery } from "@/lib/domain/webhooks/replay-webhook-delivery";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The delivery again, due now, with the same webhook-id and body.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  POST: async ({ params, staff }) => {
    if (!UUID.test(params.did)) throw notFound("No such delivery");
    const key = { clientId: recordId(params.id), endpointId: recordId(params.wid), deliveryId: params.did };
    return plainJson(await replayWebhookDelivery(key, { staffId: staff.id }), 202);
  },
});
