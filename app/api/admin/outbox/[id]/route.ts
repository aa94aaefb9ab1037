import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readEmail } from "@/lib/email/outbox-admin";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("outbox", {
  GET: async ({ params }) => plainJson(await readEmail(params.id)),
});
