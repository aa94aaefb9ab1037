import { cachedResponse } from "@/lib/api/cached-response";
import { clientRoute } from "@/lib/api/route";
import { referenceBody } from "@/lib/reference-data";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  GET: async ({ request }) => cachedResponse(request, await referenceBody("countries")),
});
