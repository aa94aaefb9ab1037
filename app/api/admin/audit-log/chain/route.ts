/** The audit log's hash chain, checked now: valid with its entries and head, or the first entry that breaks it. */
import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { verifyAuditChain } from "@/lib/domain/audit/verify-audit-chain";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("audit-log", {
  GET: async () => plainJson(await verifyAuditChain()),
});
