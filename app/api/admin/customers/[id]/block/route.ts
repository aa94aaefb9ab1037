import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { complianceActionInput } from "@/lib/domain/customer-compliance/compliance-action";
import { blockCustomer } from "@/lib/domain/customer-compliance/block-customer";
import { readCustomer } from "@/lib/domain/customer-compliance/read-customer";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  POST: async ({ request, params, staff }) => {
    await blockCustomer(recordId(params.id), await readInput(request, complianceActionInput), { staffId: staff.id });
    return plainJson(await readCustomer(recordId(params.id)));
  },
});
