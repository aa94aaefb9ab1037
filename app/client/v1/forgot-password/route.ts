import { readBody } from "@/lib/api/input";
import { success } from "@/lib/api/respond";
import { clientRoute } from "@/lib/api/route";
import { readDevice } from "@/lib/customers/device";
import { requestPasswordReset } from "@/lib/customers/request-password-reset";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const recipient = await requestPasswordReset(await readBody(request), client, device);
    return success({ recipient });
  },
});
