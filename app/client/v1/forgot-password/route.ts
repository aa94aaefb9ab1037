import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { forgotPasswordRequest } from "@/lib/http/schemas";
import { linkOriginCheck } from "@/lib/customers/link-origin";
import { requestPasswordReset } from "@/lib/customers/request-password-reset";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const input = await readInput(request, forgotPasswordRequest, linkOriginCheck("reset_password_url", client));
    const recipient = await requestPasswordReset({ input, client, device });
    return success({ recipient });
  },
});
