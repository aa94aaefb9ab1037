import { adminRoute } from "@/lib/api/route";
import { listPage } from "@/lib/api/respond";
import { listCountries, SORTABLE } from "@/lib/admin/countries";
import { readListQuery } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("countries", {
  GET: async ({ request }) => {
    const query = readListQuery(request, SORTABLE, ["known_name", "asc"]);
    const { rows, total } = await listCountries(query);
    return listPage("countries", rows, query.skip, total);
  },
});
