import { adminRoute } from "@/lib/http/with-staff";
import { parseInput } from "@/lib/validation/parse-input";
import { readBody } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { changeClient, clientChanges, readClient } from "@/lib/api-clients/api-clients-admin";
import { recordId } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  GET: async ({ params }) => plainJson(await readClient(recordId(params.id))),
  PUT: async ({ request, params, staff }) =>
    plainJson(await changeClient(recordId(params.id), parseInput(clientChanges, await readBody(request)), { staffId: staff.id })),
});
