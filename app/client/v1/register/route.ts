import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { registerRequest } from "@/lib/http/schemas";
import { linkOriginCheck } from "@/lib/customers/link-origin";
import { registerCustomer } from "@/lib/customers/register-customer";
import { confirmPasswordCheck } from "@/lib/validation/fields";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const input = await readInput(request, registerRequest, (raw) => [
      ...confirmPasswordCheck(raw),
      ...linkOriginCheck("email_verification_url", client)(raw),
    ]);
    const token = await registerCustomer({ input, client, device });
    return success({ token }, 201);
  },
});
