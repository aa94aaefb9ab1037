import { adminRoute } from "@/lib/api/route";
import { listPage } from "@/lib/api/respond";
import { readSettings } from "@/lib/admin/settings";
import { SETTINGS_ID } from "@/lib/settings";

// One row, listed as a one-element list so react-admin can show it like any resource.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("settings", {
  GET: async () => listPage("settings", [await readSettings(SETTINGS_ID)], 0, 1),
});
