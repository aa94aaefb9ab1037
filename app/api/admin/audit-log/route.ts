import { adminRoute } from "@/lib/http/with-staff";
import { listAuditLog, SORTABLE } from "@/lib/domain/audit/list-audit-log";
import { listHandler } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("audit-log", {
  GET: listHandler("audit-log", SORTABLE, ["created_at", "desc"], listAuditLog),
});
