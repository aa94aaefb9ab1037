import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { complianceActionInput } from "@/lib/domain/customer-compliance/compliance-action";
import { removeCustomerPasskeyByStaff } from "@/lib/domain/customer-compliance/remove-customer-passkey-by-staff";
import { listPasskeys } from "@/lib/domain/passkeys/list-passkeys";

// POST /api/admin/customers/{id}/passkeys/{pid}/remove { reason } → the customer's passkeys left
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  POST: async ({ request, params, staff }) => {
    const id = recordId(params.id);
    await removeCustomerPasskeyByStaff(id, recordId(params.pid), await readInput(request, complianceActionInput), {
      staffId: staff.id,
    });
    return plainJson(await listPasskeys(id));
  },
});
