import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { confirmTwoFactor } from "@/lib/domain/staff/confirm-two-factor";
import { twoFactorConfirmation } from "@/lib/domain/staff/staff-schemas";

// The recovery codes are in this answer only.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("two-factor", {
  POST: async ({ request, staff }) => {
    const { code } = await readInput(request, twoFactorConfirmation);
    return plainJson(await confirmTwoFactor(staff.id, code));
  },
});
