import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { rotateApiClientSecret } from "@/lib/domain/api-clients/rotate-api-client-secret";
import { recordId } from "@/lib/http/list-protocol";

// A new secret, in this answer only; the old one stops working at once.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  POST: async ({ params, staff }) =>
    plainJson(await rotateApiClientSecret({ id: recordId(params.id) }, { staffId: staff.id })),
});
