import { adminRoute } from "@/lib/api/route";
import { parseInput, readBody } from "@/lib/api/input";
import { plainJson } from "@/lib/api/respond";
import { createClientFor, listClients, newClientInput, SORTABLE } from "@/lib/admin/clients";
import { listHandler } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  GET: listHandler("clients", SORTABLE, ["id", "asc"], listClients),
  POST: async ({ request, staff }) =>
    plainJson(await createClientFor(parseInput(newClientInput, await readBody(request)), { staffId: staff.id }), 201),
});
