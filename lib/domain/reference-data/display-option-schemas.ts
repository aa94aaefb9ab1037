/** What the back office may send to add a locale or a timezone, or to change one. */
import { z } from "zod";
import { fields } from "@/lib/platform/validation/fields";
import type { DisplayOptionKind } from "./display-option-record";
import { ianaZones } from "./timezone-offsets";

const idFields: Record<DisplayOptionKind, z.ZodType<string>> = {
  locales: fields
    .text("Locale code", 20)
    .refine(
      (id) => /^[a-z]{2,3}(_[A-Z]{2})?$/.test(id),
      "Locale code must look like en_GB (language, then an optional country)",
    ),
  timezones: fields
    .text("Time zone", 64)
    .refine(
      (id) => ianaZones().has(id),
      "Time zone must be a current IANA zone name such as Europe/London or Europe/Kyiv (not an old one such as Europe/Kiev)",
    ),
};

export function newDisplayOptionInput(kind: DisplayOptionKind) {
  return z.object({
    id: idFields[kind],
    label: fields.text("Label", 100),
    enabled: fields.flag("Enabled").default(true),
    /** Left out: the end of the list (create-display-option.ts). */
    position: fields.integer("Position", 0, 100_000).optional(),
  });
}

export type NewDisplayOption = z.infer<ReturnType<typeof newDisplayOptionInput>>;

export const displayOptionChanges = z.object({
  label: fields.text("Label", 100).optional(),
  enabled: fields.flag("Enabled").optional(),
  position: fields.integer("Position", 0, 100_000).optional(),
});

export type DisplayOptionChanges = z.infer<typeof displayOptionChanges>;
