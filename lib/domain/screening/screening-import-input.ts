/**
 * What an upload of a list sends (POST /api/admin/screening/lists/import), as JSON, the back
 * office's rule for every write: the format, the list's name, and the publisher's files by name
 * with their text (OFAC's SDN.CSV, ALT.CSV and ADD.CSV; one file for the others).
 */
import { z } from "zod";
import { listName } from "./import-screening-list";
import { FORMAT_NAMES, formatOf } from "./screening-list-formats";

const FILE_NAME_RULE = "a file's name is 1–100 letters, digits, dots or dashes";

export const screeningImportInput = z.object({
  format: z.enum(FORMAT_NAMES, { error: `format must be one of: ${FORMAT_NAMES.join(", ")}` }).transform(formatOf),
  list: listName.optional(),
  files: z
    .record(z.string().regex(/^[\w.-]{1,100}$/), z.string(), {
      // zod's own words for a key that fails are "Invalid key in record": the rule is what helps.
      error: (issue) => (issue.code === "invalid_key" ? FILE_NAME_RULE : undefined),
    })
    .refine(
      (files) => Object.keys(files).length >= 1 && Object.keys(files).length <= 3,
      "files holds one to three files",
    ),
});
