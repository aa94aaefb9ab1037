import { readBody } from "@/lib/api/input";
import { success } from "@/lib/api/respond";
import { clientRoute } from "@/lib/api/route";
import { readDevice } from "@/lib/customers/device";
import { registerCustomer } from "@/lib/customers/register-customer";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const token = await registerCustomer(await readBody(request), client, device);
    return success({ token }, 201);
  },
});
