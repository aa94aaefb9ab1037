import { serveOpenApiDocument } from "@/lib/http/openapi";
import { publicRoute } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoute({
  GET: async ({ request }) => serveOpenApiDocument(request),
});
