import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { customerRoute } from "@/lib/http/with-customer";
import { readDevice } from "@/lib/http/read-device";
import { closeAccountRequest } from "@/lib/http/schemas";
import { closeCustomerAccount } from "@/lib/customers/close-customer-account";

// Closes the account, with the password: every session ends and the address is free again.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = customerRoute({
  POST: async ({ request, client, login }) => {
    const device = readDevice(request);
    const input = await readInput(request, closeAccountRequest);
    await closeCustomerAccount({ login, input, client, device });
    return success();
  },
});
