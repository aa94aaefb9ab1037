import { serveApiReference } from "@/lib/http/api-reference";
import { publicRoute } from "@/lib/http/with-client";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoute({
  GET: async ({ request }) => serveApiReference(request),
});
