import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { complianceActionInput } from "@/lib/domain/customer-compliance/compliance-action";
import { resendVerificationByStaff } from "@/lib/domain/customer-compliance/resend-verification-by-staff";

// POST /api/admin/customers/{id}/resend-verification { reason } → { sent_to }
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  POST: async ({ request, params, staff }) =>
    plainJson(
      await resendVerificationByStaff(recordId(params.id), await readInput(request, complianceActionInput), {
        staffId: staff.id,
      }),
    ),
});
