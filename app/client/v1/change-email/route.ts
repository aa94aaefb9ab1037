/** POST /client/v1/change-email (issue 14): a new address for a logged-in customer, effective once its link is used. */
import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { customerRoute } from "@/lib/http/with-customer";
import { readDevice } from "@/lib/http/read-device";
import { changeEmailRequest } from "@/lib/http/schemas";
import { linkOriginCheck } from "@/lib/customers/link-origin";
import { changeCustomerEmail } from "@/lib/customers/change-customer-email";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = customerRoute({
  POST: async ({ request, client, login }) => {
    const device = readDevice(request);
    const input = await readInput(request, changeEmailRequest, linkOriginCheck("email_verification_url", client));
    await changeCustomerEmail({ login, input, client, device });
    return success();
  },
});
