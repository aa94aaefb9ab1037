import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { resendOutboxEmail } from "@/lib/domain/email/resend-outbox-email";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("outbox", {
  POST: async ({ params, staff }) => plainJson(await resendOutboxEmail(params.id, { staffId: staff.id })),
});
