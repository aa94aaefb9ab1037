import { adminRoute } from "@/lib/api/route";
import { plainJson } from "@/lib/api/respond";
import { revoke } from "@/lib/admin/clients";
import { recordId } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  POST: async ({ params, staff }) => plainJson(await revoke(recordId(params.id), { staffId: staff.id })),
});
