import { adminRoute } from "@/lib/http/with-staff";
import { parseInput } from "@/lib/validation/parse-input";
import { readBody } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { createClientFor, listClients, newClientInput, SORTABLE } from "@/lib/api-clients/api-clients-admin";
import { listHandler } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  GET: listHandler("clients", SORTABLE, ["id", "asc"], listClients),
  POST: async ({ request, staff }) =>
    plainJson(await createClientFor(parseInput(newClientInput, await readBody(request)), { staffId: staff.id }), 201),
});
