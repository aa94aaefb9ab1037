import { adminRoute } from "@/lib/api/route";
import { plainJson } from "@/lib/api/respond";
import { readAuditEntry } from "@/lib/admin/audit-log";
import { recordId } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("audit-log", {
  GET: async ({ params }) => plainJson(await readAuditEntry(recordId(params.id))),
});
