/** GET /client/v1/countries/sources: /client/v1/sources under the path some app versions use. */
import { countriesResponse } from "@/lib/http/schemas";
import { referenceReadOperation } from "@/lib/http/reference-reads";

export const listCountrySources = referenceReadOperation("/client/v1/countries/sources", {
  operationId: "listCountrySources",
  headOperationId: "headCountrySources",
  summary: "List the source countries (the path some app versions use)",
  description: "The same resource as /client/v1/sources.",
  ok: { description: "The source countries", schema: countriesResponse },
});
