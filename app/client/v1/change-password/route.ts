/** POST /client/v1/change-password (issue 14): a logged-in customer changes its password. */
import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { customerRoute } from "@/lib/http/with-customer";
import { readDevice } from "@/lib/http/read-device";
import { changePasswordRequest } from "@/lib/http/schemas";
import { changeCustomerPassword } from "@/lib/customers/change-customer-password";
import { confirmPasswordCheck } from "@/lib/validation/fields";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = customerRoute({
  POST: async ({ request, client, login }) => {
    const device = readDevice(request);
    const input = await readInput(request, changePasswordRequest, confirmPasswordCheck);
    await changeCustomerPassword({ login, input, client, device });
    return success();
  },
});
