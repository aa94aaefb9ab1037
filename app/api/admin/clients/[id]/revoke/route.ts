import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { revokeApiClient } from "@/lib/domain/api-clients/revoke-api-client";
import { recordId } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  POST: async ({ params, staff }) =>
    plainJson(await revokeApiClient({ id: recordId(params.id) }, { staffId: staff.id })),
});
