import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { startTwoFactorEnrolment } from "@/lib/domain/staff/start-two-factor-enrolment";
import { twoFactorEnrolmentStart } from "@/lib/domain/staff/staff-schemas";

// The signed-in member's own enrolment, open to a member held until they enrol; over a confirmed
// two-factor, only with `current_password`.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("two-factor", {
  POST: async ({ request, staff }) => {
    const { current_password } = await readInput(request, twoFactorEnrolmentStart);
    return plainJson(await startTwoFactorEnrolment({ staff, currentPassword: current_password }));
  },
});
