/** POST /client/v1/change-password (issue 14): a logged-in customer changes its password. */
import { bearerToken, readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { changePasswordRequest } from "@/lib/http/schemas";
import { changeCustomerPassword } from "@/lib/customers/change-customer-password";
import { confirmPasswordCheck } from "@/lib/validation/fields";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const input = await readInput(request, changePasswordRequest, confirmPasswordCheck);
    await changeCustomerPassword({ token: bearerToken(request), input, client, device });
    return success();
  },
});
