import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { backOfficeOrigins } from "@/lib/http/origin";
import { finishStaffPasskeyRegistration } from "@/lib/domain/passkeys/finish-staff-passkey-registration";
import { staffPasskeyRegistration } from "@/lib/domain/passkeys/staff-passkey-schemas";

// The new credential, made in the back office's own pages: 201 the passkey.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("me", {
  POST: async ({ request, staff }) => {
    const input = await readInput(request, staffPasskeyRegistration);
    const origins = backOfficeOrigins(request.headers);
    return plainJson(await finishStaffPasskeyRegistration({ staff, input, origins }), 201);
  },
});
