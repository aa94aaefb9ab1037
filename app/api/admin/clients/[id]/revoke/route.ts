import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { revoke } from "@/lib/api-clients/api-clients-admin";
import { recordId } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  POST: async ({ params, staff }) => plainJson(await revoke(recordId(params.id), { staffId: staff.id })),
});
