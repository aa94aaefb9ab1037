import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { listApiClients } from "@/lib/domain/api-clients/list-api-clients";
import { newClientInput, SORTABLE } from "@/lib/domain/api-clients/api-client-schemas";
import { listHandler } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  GET: listHandler("clients", SORTABLE, ["id", "asc"], listApiClients),
  POST: async ({ request, staff }) =>
    plainJson(await createApiClient(await readInput(request, newClientInput), { staffId: staff.id }), 201),
});
