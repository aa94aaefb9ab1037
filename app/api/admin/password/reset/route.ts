import { backOfficeRoute } from "@/lib/http/with-back-office";
import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { resetStaffPasswordByLink } from "@/lib/domain/staff/reset-staff-password-by-link";
import { staffPasswordReset } from "@/lib/domain/staff/staff-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = backOfficeRoute({
  POST: async ({ request }) => {
    await resetStaffPasswordByLink(await readInput(request, staffPasswordReset));
    return success();
  },
});
