import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { decideCustomerKyc, kycDecisionInput } from "@/lib/domain/customer-compliance/decide-customer-kyc";
import { readCustomer } from "@/lib/domain/customer-compliance/read-customer";

// POST { status, reason }: a KYC status decision (compliance and admin); answers the customer record.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  POST: async ({ request, params, staff }) => {
    await decideCustomerKyc(recordId(params.id), await readInput(request, kycDecisionInput), { staffId: staff.id });
    return plainJson(await readCustomer(recordId(params.id)));
  },
});
