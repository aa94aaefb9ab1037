import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { verifyEmailRequest } from "@/lib/http/schemas";
import { verifyEmail } from "@/lib/customers/verify-email";

// Extension to the seed contract: confirms the address with the token from the verification e-mail.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const input = await readInput(request, verifyEmailRequest);
    await verifyEmail({ input, client, device });
    return success();
  },
});
