import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { parseBody, readBodyBytes } from "@/lib/http/input";
import { config } from "@/lib/platform/config";
import { parseInput } from "@/lib/platform/validation/parse-input";
import { importScreeningList } from "@/lib/domain/screening/import-screening-list";
import { screeningImportInput } from "@/lib/domain/screening/screening-import-input";

// POST { format, list?, files: { "<name>": "<text>" } } (JSON, at most SCREENING_IMPORT_MAX_BYTES): a
// list's next version (compliance and admin); answers what the import added, changed and removed.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("screening/lists", {
  POST: async ({ request, staff }) => {
    const bytes = await readBodyBytes(request, config().SCREENING_IMPORT_MAX_BYTES);
    const input = parseInput(screeningImportInput, parseBody(request.headers.get("content-type"), bytes));
    return plainJson(await importScreeningList(input, { staffId: staff.id }, staff.email));
  },
});
