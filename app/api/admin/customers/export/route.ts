import { adminRoute } from "@/lib/http/with-staff";
import { readBody } from "@/lib/http/input";
import { streamDownload } from "@/lib/http/respond";
import { checkedFilter } from "@/lib/http/list-protocol";
import { exportCustomers } from "@/lib/domain/customer-compliance/export-customers";

// POST /api/admin/customers/export { filter: {…} } (the list's filter; none, every customer): the
// customers it matches, streamed as CSV; the export is audited first. A write, so a link or a page
// of another origin cannot make a member's browser export (GET and HEAD answer 405, recording nothing).
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  POST: async ({ request, requestId, staff }) => {
    // Left out: every customer; sent, it must be an object (null is not "no filter").
    const { filter } = await readBody(request);
    const { rows, lines } = await exportCustomers(checkedFilter(filter === undefined ? {} : filter), {
      staffId: staff.id,
    });
    const filename = `customers-${new Date().toISOString().slice(0, 10)}.csv`;
    return streamDownload(lines, filename, "text/csv; charset=utf-8", requestId, rows);
  },
});
