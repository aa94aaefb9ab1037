/** GET /client/v1/countries: every country. */
import { countriesResponse } from "@/lib/http/schemas";
import { referenceReadOperation } from "@/lib/http/reference-reads";

export const listCountries = referenceReadOperation("/client/v1/countries", {
  operationId: "listCountries",
  headOperationId: "headCountries",
  summary: "List all countries",
  description: "Every country, ordered by known name as people read it.",
  ok: { description: "All countries", schema: countriesResponse },
});
