import { adminRoute } from "@/lib/api/route";
import { listPage } from "@/lib/api/respond";
import { listCustomers, SORTABLE } from "@/lib/admin/customers";
import { readListQuery } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  GET: async ({ request }) => {
    const query = readListQuery(request, SORTABLE, ["created_at", "desc"]);
    const { rows, total } = await listCustomers(query);
    return listPage("customers", rows, query.skip, total);
  },
});
