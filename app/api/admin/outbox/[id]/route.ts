import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readOutboxEmail } from "@/lib/domain/email/read-outbox-email";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("outbox", {
  GET: async ({ params, staff }) => plainJson(await readOutboxEmail(params.id, staff.role)),
});
