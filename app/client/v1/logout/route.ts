import { bearerToken } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { logoutCustomer } from "@/lib/customers/logout-customer";

// Extension to the seed contract: revokes the login token presented.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    await logoutCustomer(bearerToken(request), client, readDevice(request));
    return success();
  },
});
