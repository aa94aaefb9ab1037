import { readBody } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/route";
import { readDevice } from "@/lib/http/read-device";
import { resetPassword } from "@/lib/customers/reset-password";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    await resetPassword(await readBody(request), client, device);
    return success();
  },
});
