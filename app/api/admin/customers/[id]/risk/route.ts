import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { rateCustomerRisk, riskDecisionInput } from "@/lib/domain/customer-compliance/rate-customer-risk";
import { readCustomer } from "@/lib/domain/customer-compliance/read-customer";

// POST { risk_rating, pep, sanctions_hit, reason }: a risk assessment (compliance and admin); answers the customer record.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  POST: async ({ request, params, staff }) => {
    await rateCustomerRisk(recordId(params.id), await readInput(request, riskDecisionInput), { staffId: staff.id });
    return plainJson(await readCustomer(recordId(params.id)));
  },
});
