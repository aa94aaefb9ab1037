import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { renameStaffPasskey } from "@/lib/domain/passkeys/rename-staff-passkey";
import { staffPasskeyRename } from "@/lib/domain/passkeys/staff-passkey-schemas";

// { name } → the passkey renamed; 404 for one that is not the member's.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("me", {
  POST: async ({ request, staff, params }) => {
    const input = await readInput(request, staffPasskeyRename);
    return plainJson(await renameStaffPasskey({ staff, passkeyId: params.id, input }));
  },
});
