import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { recordId } from "@/lib/http/list-protocol";
import { listPasskeys } from "@/lib/domain/passkeys/list-passkeys";

// GET /api/admin/customers/{id}/passkeys → [{ id, name, created_at, last_used_at, backed_up, device_type, transports }]
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("customers", {
  GET: async ({ params }) => plainJson(await listPasskeys(recordId(params.id))),
});
