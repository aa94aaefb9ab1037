import { bearerToken } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { revokeOtherCustomerSessions } from "@/lib/customers/revoke-other-customer-sessions";

// Signs the customer out of every session but the calling one.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const revoked = await revokeOtherCustomerSessions({ token: bearerToken(request), client, device });
    return success({ revoked });
  },
});
