/** POST /client/v1/resend-verification (issue 14): a new verification e-mail for a logged-in customer. */
import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { customerRoute } from "@/lib/http/with-customer";
import { readDevice } from "@/lib/http/read-device";
import { resendVerificationRequest } from "@/lib/http/schemas";
import { linkOriginCheck } from "@/lib/customers/link-origin";
import { resendVerification } from "@/lib/customers/resend-verification";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = customerRoute({
  POST: async ({ request, client, login }) => {
    const device = readDevice(request);
    const input = await readInput(
      request,
      resendVerificationRequest,
      linkOriginCheck("email_verification_url", client),
    );
    await resendVerification({ login, input, client, device });
    return success();
  },
});
