import { adminRoute } from "@/lib/api/route";
import { listAuditLog, SORTABLE } from "@/lib/admin/audit-log";
import { listHandler } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("audit-log", {
  GET: listHandler("audit-log", SORTABLE, ["created_at", "desc"], listAuditLog),
});
