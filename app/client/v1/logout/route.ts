import { success } from "@/lib/http/respond";
import { customerRoute } from "@/lib/http/with-customer";
import { readDevice } from "@/lib/http/read-device";
import { logoutCustomer } from "@/lib/customers/logout-customer";

// Extension to the seed contract: revokes the login token presented.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = customerRoute({
  POST: async ({ request, client, login }) => {
    await logoutCustomer(login, client, readDevice(request));
    return success();
  },
});
