import { adminRoute } from "@/lib/http/with-staff";
import { download } from "@/lib/http/respond";
import { readInput } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { complianceActionInput } from "@/lib/domain/customer-compliance/compliance-action";
import { exportCustomerData } from "@/lib/domain/customer-data-rights/export-customer-data";

// POST /api/admin/customers/{id}/export { reason }: the customer's subject-access export as a JSON
// file (compliance and admin), audited with the reason. A write, so a link or a page of another
// origin cannot make a member's browser export (GET and HEAD answer 405).
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  POST: async ({ request, params, staff }) => {
    const id = recordId(params.id);
    const { reason } = await readInput(request, complianceActionInput);
    const document = await exportCustomerData(id, { by: "staff", staffId: staff.id, reason });
    const day = document.exported_at.slice(0, 10);
    return download(
      `${JSON.stringify(document, null, 2)}\n`,
      `customer-${id}-${day}.json`,
      "application/json; charset=utf-8",
    );
  },
});
