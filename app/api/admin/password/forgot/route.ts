import { backOfficeRoute } from "@/lib/http/with-back-office";
import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { linkOrigin } from "@/lib/http/origin";
import { requestAddress } from "@/lib/http/request-address";
import { requestStaffPasswordReset } from "@/lib/domain/staff/request-staff-password-reset";
import { staffForgotPassword } from "@/lib/domain/staff/staff-schemas";

// The same answer whether the address belongs to an active member or not.
export const { GET, POST, PUT, PATCH, DELETE } = backOfficeRoute({
  POST: async ({ request }) => {
    const { email } = await readInput(request, staffForgotPassword);
    await requestStaffPasswordReset({ email, ip: requestAddress(request.headers), origin: linkOrigin() });
    return success();
  },
});
