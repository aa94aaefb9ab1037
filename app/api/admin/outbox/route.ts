import { adminRoute } from "@/lib/api/route";
import { listOutbox, SORTABLE } from "@/lib/admin/outbox";
import { listHandler } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("outbox", {
  GET: listHandler("outbox", SORTABLE, ["created_at", "desc"], listOutbox),
});
