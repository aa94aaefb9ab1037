import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { complianceActionInput } from "@/lib/domain/customer-compliance/compliance-action";
import { liftScaLock } from "@/lib/domain/payment-authorisations/lift-sca-lock";
import { listPaymentAuthorisations } from "@/lib/domain/payment-authorisations/list-payment-authorisations";

// POST /api/admin/customers/{id}/authorisations/lift-lock { reason } → the customer's authorisations, unlocked
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  POST: async ({ request, params, staff }) => {
    const id = recordId(params.id);
    await liftScaLock(id, await readInput(request, complianceActionInput), { staffId: staff.id });
    return plainJson(await listPaymentAuthorisations(id));
  },
});
