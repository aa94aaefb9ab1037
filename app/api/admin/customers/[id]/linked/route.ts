import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { linkedCustomers } from "@/lib/domain/customer-compliance/linked-customers";

// GET /api/admin/customers/{id}/linked → [{ id, email, shared_fingerprints, shared_ips, last_seen_at }]
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  GET: async ({ params }) => plainJson(await linkedCustomers(recordId(params.id))),
});
