import { adminRoute } from "@/lib/http/with-staff";
import { download } from "@/lib/http/respond";
import { exportCustomers } from "@/lib/domain/customer-compliance/export-customers";
import { readFilter } from "@/lib/http/list-protocol";

// GET /api/admin/customers/export?filter={…}: the customers the list's filter matches, as CSV.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  GET: async ({ request, staff }) => {
    const csv = await exportCustomers(readFilter(request), { staffId: staff.id });
    return download(csv, `customers-${new Date().toISOString().slice(0, 10)}.csv`, "text/csv; charset=utf-8");
  },
});
