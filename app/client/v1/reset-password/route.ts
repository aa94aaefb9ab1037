import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { resetPasswordRequest } from "@/lib/http/schemas";
import { resetPassword } from "@/lib/customers/reset-password";
import { confirmPasswordCheck } from "@/lib/validation/fields";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const input = await readInput(request, resetPasswordRequest, confirmPasswordCheck);
    await resetPassword({ input, client, device });
    return success();
  },
});
