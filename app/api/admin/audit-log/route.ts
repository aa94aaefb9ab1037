import { adminRoute } from "@/lib/api/route";
import { listPage } from "@/lib/api/respond";
import { listAuditLog, SORTABLE } from "@/lib/admin/audit-log";
import { readListQuery } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("audit-log", {
  GET: async ({ request }) => {
    const query = readListQuery(request, SORTABLE, ["created_at", "desc"]);
    const { rows, total } = await listAuditLog(query);
    return listPage("audit-log", rows, query.skip, total);
  },
});
