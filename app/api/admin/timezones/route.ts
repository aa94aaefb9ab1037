import { adminRoute } from "@/lib/api/route";
import { parseInput, readBody } from "@/lib/api/input";
import { listPage, plainJson } from "@/lib/api/respond";
import { createOption, listOptions, newOptionInput, SORTABLE } from "@/lib/admin/display-options";
import { readListQuery } from "@/lib/admin/protocol";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("timezones", {
  GET: async ({ request }) => {
    const query = readListQuery(request, SORTABLE, ["position", "asc"]);
    const { rows, total } = await listOptions("timezones", query);
    return listPage("timezones", rows, query.skip, total);
  },
  POST: async ({ request, staff }) =>
    plainJson(await createOption("timezones", parseInput(newOptionInput("timezones"), await readBody(request)), { staffId: staff.id }), 201),
});
