import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { decideCustomerKyc, kycDecisionInput } from "@/lib/domain/customer-compliance/decide-customer-kyc";
import { readCustomer } from "@/lib/domain/customer-compliance/read-customer";
import { screenDueCustomers } from "@/lib/domain/screening/screen-due-customers";

// POST { status, reason }: a KYC status decision (compliance and admin); answers the customer record.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  POST: async ({ request, params, staff }) => {
    const id = recordId(params.id);
    const input = await readInput(request, kycDecisionInput);
    // A customer submitted or changed seconds ago is screened now rather than at the next pass, so
    // that verifying them finds the match it may open (the decision refuses while they are due).
    if (input.status === "verified") await screenDueCustomers(id);
    await decideCustomerKyc(id, input, { staffId: staff.id });
    return plainJson(await readCustomer(recordId(params.id)));
  },
});
