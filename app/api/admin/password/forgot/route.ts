import { backOfficeRoute } from "@/lib/http/with-back-office";
import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { backOfficeOrigin } from "@/lib/http/origin";
import { requestAddress } from "@/lib/http/request-address";
import { requestStaffPasswordReset } from "@/lib/staff/request-staff-password-reset";
import { staffForgotPassword } from "@/lib/staff/staff-schemas";

// The same answer whether the address belongs to an active member or not.
export const { GET, POST, PUT, PATCH, DELETE } = backOfficeRoute({
  POST: async ({ request }) => {
    const { email } = await readInput(request, staffForgotPassword);
    const headers = request.headers;
    await requestStaffPasswordReset({ email, ip: requestAddress(headers), origin: backOfficeOrigin(headers) });
    return success();
  },
});
