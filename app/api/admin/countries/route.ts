import { adminRoute } from "@/lib/api/route";
import { listCountries, SORTABLE } from "@/lib/admin/countries";
import { listHandler } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("countries", {
  GET: listHandler("countries", SORTABLE, ["known_name", "asc"], listCountries),
});
