import { adminRoute } from "@/lib/api/route";
import { plainJson } from "@/lib/api/respond";
import { dashboardCounts } from "@/lib/admin/dashboard";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("dashboard", {
  GET: async () => plainJson(await dashboardCounts()),
});
