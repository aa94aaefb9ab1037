import { adminRoute } from "@/lib/api/route";
import { plainJson } from "@/lib/api/respond";
import { resend } from "@/lib/admin/outbox";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("outbox", {
  POST: async ({ params, staff }) => plainJson(await resend(params.id, { staffId: staff.id })),
});
