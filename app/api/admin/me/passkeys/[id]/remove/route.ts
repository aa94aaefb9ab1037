import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { removeStaffPasskey } from "@/lib/domain/passkeys/remove-staff-passkey";
import { staffPasskeyStepUp } from "@/lib/domain/passkeys/staff-passkey-schemas";

// { current_password, code? } → removed; 404 for one that is not the member's.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("me", {
  POST: async ({ request, staff, params }) => {
    const input = await readInput(request, staffPasskeyStepUp);
    await removeStaffPasskey({ staff, passkeyId: params.id, input });
    return success();
  },
});
