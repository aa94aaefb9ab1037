import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { readApiClient } from "@/lib/domain/api-clients/read-api-client";
import { updateApiClient } from "@/lib/domain/api-clients/update-api-client";
import { clientChanges } from "@/lib/domain/api-clients/api-client-schemas";
import { recordId } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("clients", {
  GET: async ({ params }) => plainJson(await readApiClient({ id: recordId(params.id) })),
  PUT: async ({ request, params, staff }) =>
    plainJson(
      await updateApiClient({ id: recordId(params.id) }, await readInput(request, clientChanges), {
        staffId: staff.id,
      }),
    ),
});
