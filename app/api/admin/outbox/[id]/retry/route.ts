import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { resend } from "@/lib/email/outbox-admin";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("outbox", {
  POST: async ({ params, staff }) => plainJson(await resend(params.id, { staffId: staff.id })),
});
