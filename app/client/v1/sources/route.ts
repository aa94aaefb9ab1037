import { cachedResponse } from "@/lib/http/cached-response";
import { clientRoute } from "@/lib/http/with-client";
import { referenceBody } from "@/lib/http/reference-bodies";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = clientRoute({
  GET: async ({ request }) => cachedResponse(request, await referenceBody("sources")),
});
