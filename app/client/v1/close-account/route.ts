import { bearerToken, readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { closeAccountRequest } from "@/lib/http/schemas";
import { closeCustomerAccount } from "@/lib/customers/close-customer-account";

// Closes the account, with the password: every session ends and the address is free again.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const input = await readInput(request, closeAccountRequest);
    await closeCustomerAccount({ token: bearerToken(request), input, client, device });
    return success();
  },
});
