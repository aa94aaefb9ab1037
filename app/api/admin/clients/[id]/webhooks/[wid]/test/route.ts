import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { sendTestWebhook } from "@/lib/domain/webhooks/send-test-webhook";

// A webhook.test event to this endpoint, queued: 202, it is delivered like any other.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  POST: async ({ params, staff }) =>
    plainJson(
      await sendTestWebhook({ clientId: recordId(params.id), endpointId: recordId(params.wid) }, { staffId: staff.id }),
      202,
    ),
});
