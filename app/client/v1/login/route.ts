import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { loginRequest } from "@/lib/http/schemas";
import { loginCustomer } from "@/lib/customers/login-customer";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const input = await readInput(request, loginRequest);
    const token = await loginCustomer({ input, client, device });
    return success({ token });
  },
});
