import { success } from "@/lib/http/respond";
import { customerRoute } from "@/lib/http/with-customer";
import { readDevice } from "@/lib/http/read-device";
import { revokeOtherCustomerSessions } from "@/lib/customers/revoke-other-customer-sessions";

// Signs the customer out of every session but the calling one.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = customerRoute({
  POST: async ({ request, client, login }) => {
    const device = readDevice(request);
    const revoked = await revokeOtherCustomerSessions({ login, client, device });
    return success({ revoked });
  },
});
