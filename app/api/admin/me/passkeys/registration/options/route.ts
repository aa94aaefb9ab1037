import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { requestAddress } from "@/lib/http/request-address";
import { startStaffPasskeyRegistration } from "@/lib/domain/passkeys/start-staff-passkey-registration";
import { staffPasskeyStepUp } from "@/lib/domain/passkeys/staff-passkey-schemas";

// After the current password (and code): { challenge_id, options } for navigator.credentials.create.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("me", {
  POST: async ({ request, staff }) => {
    const input = await readInput(request, staffPasskeyStepUp);
    return plainJson(await startStaffPasskeyRegistration({ staff, input, ip: requestAddress(request.headers) }));
  },
});
