import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { rotateWebhookSecret } from "@/lib/domain/webhooks/rotate-webhook-secret";

// A new signing secret, in this answer only; the old one signs beside it for 24 hours.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  POST: async ({ params, staff }) =>
    plainJson(
      await rotateWebhookSecret(
        { clientId: recordId(params.id), endpointId: recordId(params.wid) },
        { staffId: staff.id },
      ),
    ),
});
