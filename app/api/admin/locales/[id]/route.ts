import { adminRoute } from "@/lib/api/route";
import { parseInput, readBody } from "@/lib/api/input";
import { plainJson } from "@/lib/api/respond";
import { deleteOption, optionChanges, readOption, updateOption } from "@/lib/admin/display-options";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("locales", {
  GET: async ({ params }) => plainJson(await readOption("locales", params.id)),
  PUT: async ({ request, params, staff }) =>
    plainJson(await updateOption("locales", params.id, parseInput(optionChanges, await readBody(request)), { staffId: staff.id })),
  DELETE: async ({ params, staff }) => plainJson(await deleteOption("locales", params.id, { staffId: staff.id })),
});
