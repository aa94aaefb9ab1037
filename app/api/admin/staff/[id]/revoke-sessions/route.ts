import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { endStaffSessions } from "@/lib/domain/staff/end-staff-sessions";

// An admin signs a colleague out everywhere: every session of the member ends; answers the member.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("staff", {
  POST: async ({ params, staff }) =>
    plainJson(await endStaffSessions({ id: recordId(params.id), actor: { staffId: staff.id } })),
});
