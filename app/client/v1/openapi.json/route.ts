import { serveOpenApiDocument } from "@/lib/api/openapi";
import { publicRoute } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoute({
  GET: async ({ request }) => serveOpenApiDocument(request),
});
