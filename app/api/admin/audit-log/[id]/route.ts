import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readAuditEntry } from "@/lib/domain/audit/read-audit-entry";
import { recordId } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("audit-log", {
  GET: async ({ params }) => plainJson(await readAuditEntry(recordId(params.id))),
});
