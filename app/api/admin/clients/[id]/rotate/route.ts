import { adminRoute } from "@/lib/api/route";
import { plainJson } from "@/lib/api/respond";
import { rotateSecret } from "@/lib/admin/clients";
import { recordId } from "@/lib/admin/protocol";

// A new secret, in this answer only; the old one stops working at once.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  POST: async ({ params, staff }) => plainJson(await rotateSecret(recordId(params.id), { staffId: staff.id })),
});
