import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { startTwoFactorEnrolment } from "@/lib/staff/start-two-factor-enrolment";

// The signed-in member's own enrolment, open to a member held until they enrol.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("two-factor", {
  POST: async ({ staff }) => plainJson(await startTwoFactorEnrolment(staff.id)),
});
