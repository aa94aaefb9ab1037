import { success } from "@/lib/http/respond";
import { customerRoute } from "@/lib/http/with-customer";
import { readDevice } from "@/lib/http/read-device";
import { revokeCustomerSession } from "@/lib/customers/revoke-customer-session";

// Signs the customer out of one session; 404 for an id that is not one of their live sessions.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = customerRoute({
  DELETE: async ({ request, client, params, login }) => {
    const device = readDevice(request);
    await revokeCustomerSession({ login, sessionId: params.id, client, device });
    return success();
  },
});
