import { adminRoute } from "@/lib/api/route";
import { parseInput, readBody } from "@/lib/api/input";
import { plainJson } from "@/lib/api/respond";
import { changeClient, clientChanges, readClient } from "@/lib/admin/clients";
import { recordId } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  GET: async ({ params }) => plainJson(await readClient(recordId(params.id))),
  PUT: async ({ request, params, staff }) =>
    plainJson(await changeClient(recordId(params.id), parseInput(clientChanges, await readBody(request)), { staffId: staff.id })),
});
