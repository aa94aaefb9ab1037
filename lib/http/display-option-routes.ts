import { adminRoute } from "./with-staff";
import { parseInput } from "@/lib/validation/parse-input";
import { readBody } from "./input";
import { plainJson } from "./respond";
import {
  createOption,
  deleteOption,
  listOptions,
  newOptionInput,
  optionChanges,
  readOption,
  SORTABLE,
  updateOption,
  type DisplayOptionKind,
} from "@/lib/reference-data/display-options";
import { listHandler } from "./list-protocol";

/** /api/admin/locales and /api/admin/timezones: the same list route for either kind. */
export function optionListRoute(kind: DisplayOptionKind) {
  return adminRoute(kind, {
    GET: listHandler(kind, SORTABLE, ["position", "asc"], (query) => listOptions(kind, query)),
    POST: async ({ request, staff }) =>
      plainJson(await createOption(kind, parseInput(newOptionInput(kind), await readBody(request)), { staffId: staff.id }), 201),
  });
}

/** /api/admin/locales/[id] and /api/admin/timezones/[id]. */
export function optionRecordRoute(kind: DisplayOptionKind) {
  return adminRoute(kind, {
    GET: async ({ params }) => plainJson(await readOption(kind, params.id)),
    PUT: async ({ request, params, staff }) =>
      plainJson(await updateOption(kind, params.id, parseInput(optionChanges, await readBody(request)), { staffId: staff.id })),
    DELETE: async ({ params, staff }) => plainJson(await deleteOption(kind, params.id, { staffId: staff.id })),
  });
}
