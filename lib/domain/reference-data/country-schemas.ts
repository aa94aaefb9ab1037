/** What the back office may send to change a country (the public API's view is reference-data-schemas.ts). */
import { z } from "zod";
import { fields } from "@/lib/platform/validation/fields";

const code = (label: string, length: number) =>
  fields
    .text(label, length)
    .transform((value) => value.toUpperCase())
    .refine((value) => new RegExp(`^[A-Z]{${length}}$`).test(value), `${label} must be ${length} letters`);

/** Every field may be left out: a change names only what it changes. */
export const countryChanges = z
  .object({
    known_name: fields.text("Known name", 100),
    official_name: fields.text("Official name", 200),
    endonym: fields.text("Endonym", 100),
    demonym: fields.text("Demonym", 100),
    isd_code: fields.integer("Dialling code", 1, 9999),
    iso_code_alpha2: code("ISO alpha-2 code", 2),
    iso_code_alpha3: code("ISO alpha-3 code", 3),
    fips_code: fields.optionalText("FIPS code", 2),
    slug: fields
      .text("Slug", 100)
      .refine((slug) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug), "Slug must be lower-case words joined by dashes"),
    is_source: fields.flag("Source country"),
  })
  .partial();

export type CountryChanges = z.infer<typeof countryChanges>;
