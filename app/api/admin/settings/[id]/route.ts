import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { readSettings } from "@/lib/domain/reference-data/read-settings";
import { settingsInput } from "@/lib/domain/reference-data/settings-schemas";
import { updateSettings } from "@/lib/domain/reference-data/update-settings";
import { recordId } from "@/lib/http/list-protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("settings", {
  GET: async ({ params }) => plainJson(await readSettings(recordId(params.id))),
  PUT: async ({ request, params, staff }) =>
    plainJson(
      await updateSettings(recordId(params.id), await readInput(request, settingsInput), {
        staffId: staff.id,
      }),
    ),
});
