import { adminRoute } from "@/lib/api/route";
import { plainJson } from "@/lib/api/respond";
import { readEmail } from "@/lib/admin/outbox";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("outbox", {
  GET: async ({ params }) => plainJson(await readEmail(params.id)),
});
