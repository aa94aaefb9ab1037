import { adminRoute } from "@/lib/api/route";
import { parseInput, readBody } from "@/lib/api/input";
import { listPage, plainJson } from "@/lib/api/respond";
import { createClientFor, listClients, newClientInput, SORTABLE } from "@/lib/admin/clients";
import { readListQuery } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  GET: async ({ request }) => {
    const query = readListQuery(request, SORTABLE, ["id", "asc"]);
    const { rows, total } = await listClients(query);
    return listPage("clients", rows, query.skip, total);
  },
  POST: async ({ request, staff }) =>
    plainJson(await createClientFor(parseInput(newClientInput, await readBody(request)), { staffId: staff.id }), 201),
});
