/** The back office's routes for locales and timezones, one implementation for both kinds of display option. */
import { adminRoute } from "./with-staff";
import { readInput } from "./input";
import { plainJson } from "./respond";
import type { DisplayOptionKind } from "@/lib/domain/reference-data/display-option-record";
import { displayOptionChanges, newDisplayOptionInput } from "@/lib/domain/reference-data/display-option-schemas";
import { listDisplayOptions, SORTABLE } from "@/lib/domain/reference-data/list-display-options";
import { readDisplayOption } from "@/lib/domain/reference-data/read-display-option";
import { createDisplayOption } from "@/lib/domain/reference-data/create-display-option";
import { updateDisplayOption } from "@/lib/domain/reference-data/update-display-option";
import { deleteDisplayOption } from "@/lib/domain/reference-data/delete-display-option";
import { listHandler } from "./list-protocol";

/** /api/admin/locales and /api/admin/timezones: the same list route for either kind. */
export function optionListRoute(kind: DisplayOptionKind) {
  return adminRoute(kind, {
    GET: listHandler(kind, SORTABLE, ["position", "asc"], (query) => listDisplayOptions(kind, query)),
    POST: async ({ request, staff }) =>
      plainJson(
        await createDisplayOption(kind, await readInput(request, newDisplayOptionInput(kind)), {
          staffId: staff.id,
        }),
        201,
      ),
  });
}

/** /api/admin/locales/[id] and /api/admin/timezones/[id]. */
export function optionRecordRoute(kind: DisplayOptionKind) {
  return adminRoute(kind, {
    GET: async ({ params }) => plainJson(await readDisplayOption(kind, params.id)),
    PUT: async ({ request, params, staff }) =>
      plainJson(
        await updateDisplayOption(kind, params.id, await readInput(request, displayOptionChanges), {
          staffId: staff.id,
        }),
      ),
    DELETE: async ({ params, staff }) => plainJson(await deleteDisplayOption(kind, params.id, { staffId: staff.id })),
  });
}
