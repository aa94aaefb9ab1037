import { openApiDocument } from "@/lib/api/openapi";
import { publicRoute } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE } = publicRoute({
  GET: async () => Response.json(openApiDocument()),
});
