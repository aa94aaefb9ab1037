import { adminRoute } from "@/lib/api/route";
import { listPage } from "@/lib/api/respond";
import { listOutbox, SORTABLE } from "@/lib/admin/outbox";
import { readListQuery } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("outbox", {
  GET: async ({ request }) => {
    const query = readListQuery(request, SORTABLE, ["created_at", "desc"]);
    const { rows, total } = await listOutbox(query);
    return listPage("outbox", rows, query.skip, total);
  },
});
