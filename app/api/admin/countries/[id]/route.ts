import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { countryChanges } from "@/lib/domain/reference-data/country-schemas";
import { readCountry } from "@/lib/domain/reference-data/read-country";
import { updateCountry } from "@/lib/domain/reference-data/update-country";
import { recordId } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("countries", {
  GET: async ({ params }) => plainJson(await readCountry(recordId(params.id))),
  PUT: async ({ request, params, staff }) =>
    plainJson(
      await updateCountry(recordId(params.id), await readInput(request, countryChanges), {
        staffId: staff.id,
        role: staff.role,
      }),
    ),
});
