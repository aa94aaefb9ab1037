/** POST /client/v1/resend-verification (issue 14): a new verification e-mail for a logged-in customer. */
import { bearerToken, readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { clientRoute } from "@/lib/http/with-client";
import { readDevice } from "@/lib/http/read-device";
import { resendVerificationRequest } from "@/lib/http/schemas";
import { linkOriginCheck } from "@/lib/customers/link-origin";
import { resendVerification } from "@/lib/customers/resend-verification";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  POST: async ({ request, client }) => {
    const device = readDevice(request);
    const input = await readInput(
      request,
      resendVerificationRequest,
      linkOriginCheck("email_verification_url", client),
    );
    await resendVerification({ token: bearerToken(request), input, client, device });
    return success();
  },
});
