import { adminRoute } from "@/lib/api/route";
import { parseInput, readBody } from "@/lib/api/input";
import { plainJson } from "@/lib/api/respond";
import { countryChanges, readCountry, updateCountry } from "@/lib/admin/countries";
import { recordId } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("countries", {
  GET: async ({ params }) => plainJson(await readCountry(recordId(params.id))),
  PUT: async ({ request, params, staff }) =>
    plainJson(
      await updateCountry(recordId(params.id), parseInput(countryChanges, await readBody(request)), {
        staffId: staff.id,
        role: staff.role,
      }),
    ),
});
