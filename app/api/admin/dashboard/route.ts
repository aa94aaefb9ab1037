import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { readDashboard } from "@/lib/domain/dashboard/read-dashboard";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("dashboard", {
  GET: async ({ staff }) => plainJson(await readDashboard(staff.role)),
});
