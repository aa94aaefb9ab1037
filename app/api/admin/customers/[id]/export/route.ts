import { adminRoute } from "@/lib/http/with-staff";
import { download, plainJson } from "@/lib/http/respond";
import { readQuery } from "@/lib/http/input";
import { recordId } from "@/lib/http/list-protocol";
import { complianceActionInput } from "@/lib/domain/customer-compliance/compliance-action";
import { exportCustomerData } from "@/lib/domain/customer-data-rights/export-customer-data";

// GET /api/admin/customers/{id}/export?reason=…: the customer's subject-access export as a JSON file
// (compliance and admin), audited with the reason. HEAD checks the reason and exports nothing.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  GET: async ({ request, params, staff }) => {
    const id = recordId(params.id);
    const { reason } = readQuery(request, complianceActionInput);
    if (request.method === "HEAD") return plainJson({});
    const document = await exportCustomerData(id, { by: "staff", staffId: staff.id, reason });
    const day = document.exported_at.slice(0, 10);
    return download(
      `${JSON.stringify(document, null, 2)}\n`,
      `customer-${id}-${day}.json`,
      "application/json; charset=utf-8",
    );
  },
});
