import { serveOpenApiDocument } from "@/lib/http/openapi";
import { publicRoute } from "@/lib/http/with-client";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoute({
  GET: async ({ request }) => serveOpenApiDocument(request),
});
