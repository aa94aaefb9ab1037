/** GET /client/v1/sources: the countries customers may register and send money from. */
import { countriesResponse } from "@/lib/http/schemas";
import { referenceReadOperation } from "@/lib/http/reference-reads";

export const listSourceCountries = referenceReadOperation("/client/v1/sources", {
  operationId: "listSourceCountries",
  headOperationId: "headSourceCountries",
  summary: "List the source countries",
  description: "The countries customers may register and send money from, ordered by known name.",
  ok: { description: "The source countries", schema: countriesResponse },
});
