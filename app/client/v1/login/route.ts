import { readBody } from "@/lib/api/input";
import { success } from "@/lib/api/respond";
import { clientRoute } from "@/lib/api/route";
import { readDevice } from "@/lib/customers/device";
import { loginCustomer } from "@/lib/customers/login-customer";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const token = await loginCustomer(await readBody(request), client, device);
    return success({ token });
  },
});
