import { backOfficeRoute } from "@/lib/http/with-back-office";
import { plainJson } from "@/lib/http/respond";
import { requestAddress } from "@/lib/http/request-address";
import { startStaffPasskeySignIn } from "@/lib/domain/passkeys/start-staff-passkey-sign-in";

// The sign-in page's first step, before any session: { challenge_id, options } for navigator.credentials.get.
export const { GET, POST, PUT, PATCH, DELETE } = backOfficeRoute({
  POST: async ({ request }) => plainJson(await startStaffPasskeySignIn(requestAddress(request.headers))),
});
