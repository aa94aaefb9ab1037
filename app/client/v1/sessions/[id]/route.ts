import { bearerToken } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { revokeCustomerSession } from "@/lib/customers/revoke-customer-session";

// Signs the customer out of one session; 404 for an id that is not one of their live sessions.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  DELETE: async ({ request, client, params }) => {
    const device = readDevice(request);
    await revokeCustomerSession({ token: bearerToken(request), sessionId: params.id, client, device });
    return success();
  },
});
