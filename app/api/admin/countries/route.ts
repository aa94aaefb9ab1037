import { adminRoute } from "@/lib/http/with-staff";
import { listCountries, SORTABLE } from "@/lib/domain/reference-data/list-countries";
import { listHandler } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("countries", {
  GET: listHandler("countries", SORTABLE, ["known_name", "asc"], listCountries),
});
