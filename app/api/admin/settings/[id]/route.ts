import { adminRoute } from "@/lib/api/route";
import { parseInput, readBody } from "@/lib/api/input";
import { plainJson } from "@/lib/api/respond";
import { readSettings, settingsInput, updateSettings } from "@/lib/admin/settings";
import { recordId } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("settings", {
  GET: async ({ params }) => plainJson(await readSettings(recordId(params.id))),
  PUT: async ({ request, params, staff }) =>
    plainJson(await updateSettings(recordId(params.id), parseInput(settingsInput, await readBody(request)), { staffId: staff.id })),
});
