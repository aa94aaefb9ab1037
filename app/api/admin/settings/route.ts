import { adminRoute } from "@/lib/http/with-staff";
import { listPage } from "@/lib/http/respond";
import { readSettings } from "@/lib/domain/reference-data/read-settings";
import { SETTINGS_ID } from "@/lib/domain/reference-data/settings-record";

// One row, listed as a one-element list so react-admin can show it like any resource.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("settings", {
  GET: async () => listPage("settings", [await readSettings(SETTINGS_ID)], 0, 1),
});
