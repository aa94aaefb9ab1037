import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { complianceActionInput } from "@/lib/domain/customer-compliance/compliance-action";
import { revokeCustomerSessionsByStaff } from "@/lib/domain/customer-compliance/revoke-customer-sessions-by-staff";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  POST: async ({ request, params, staff }) =>
    plainJson(
      await revokeCustomerSessionsByStaff(recordId(params.id), await readInput(request, complianceActionInput), {
        staffId: staff.id,
      }),
    ),
});
