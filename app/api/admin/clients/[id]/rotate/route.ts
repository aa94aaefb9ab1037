import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { rotateSecret } from "@/lib/api-clients/api-clients-admin";
import { recordId } from "@/lib/http/list-protocol";

// A new secret, in this answer only; the old one stops working at once.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  POST: async ({ params, staff }) => plainJson(await rotateSecret(recordId(params.id), { staffId: staff.id })),
});
