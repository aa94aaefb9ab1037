import { readBody } from "@/lib/api/input";
import { success } from "@/lib/api/respond";
import { clientRoute } from "@/lib/api/route";
import { readDevice } from "@/lib/customers/device";
import { resetPassword } from "@/lib/customers/reset-password";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    await resetPassword(await readBody(request), client, device);
    return success();
  },
});
