import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { resetTwoFactor } from "@/lib/domain/staff/reset-two-factor";

// An admin resets a colleague's two-factor: DELETE /api/admin/staff/{id}/mfa answers the member's record.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("staff", {
  DELETE: async ({ params, staff }) => plainJson(await resetTwoFactor(recordId(params.id), { staffId: staff.id })),
});
