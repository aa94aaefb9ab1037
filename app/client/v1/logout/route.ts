import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/route";
import { readDevice } from "@/lib/http/read-device";
import { logoutCustomer } from "@/lib/customers/session";

// Extension to the seed contract: revokes the login token presented.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    await logoutCustomer(request, client, readDevice(request));
    return success();
  },
});
