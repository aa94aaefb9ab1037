import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { resetStaffPassword } from "@/lib/domain/staff/reset-staff-password";

// A generated password, in this answer only; every session of the colleague ends.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("staff", {
  POST: async ({ params, staff }) => plainJson(await resetStaffPassword(recordId(params.id), { staffId: staff.id })),
});
