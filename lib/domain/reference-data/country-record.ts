/**
 * A country as the public API shows it (CountryBody), as the back office sees it (CountryRecord),
 * and as database columns; and the order countries are listed in.
 */
import type { Country } from "@/lib/generated/prisma/client";
import type { z } from "zod";
import type { countrySchema } from "./reference-data-schemas";

export type CountryBody = z.infer<typeof countrySchema>;

/** Countries as the back office sees them: the public fields plus the source flag. */
export type CountryRecord = { id: number } & CountryBody & { is_source: boolean; updated_at: string };

export function toCountryBody(country: Country): CountryBody {
  return {
    known_name: country.knownName,
    official_name: country.officialName,
    endonym: country.endonym,
    demonym: country.demonym,
    isd_code: country.isdCode,
    iso_code_alpha2: country.isoCodeAlpha2,
    iso_code_alpha3: country.isoCodeAlpha3,
    fips_code: country.fipsCode,
    slug: country.slug,
  };
}

export function toCountryRecord(country: Country): CountryRecord {
  return {
    id: country.id,
    ...toCountryBody(country),
    is_source: country.isSource,
    updated_at: country.updatedAt.toISOString(),
  };
}

type CountryColumns = Pick<
  Country,
  | "knownName"
  | "officialName"
  | "endonym"
  | "demonym"
  | "isdCode"
  | "isoCodeAlpha2"
  | "isoCodeAlpha3"
  | "fipsCode"
  | "slug"
>;

/** The API's fields as database columns; a field left out is left as it is. */
export function countryColumns(body: CountryBody): CountryColumns;
export function countryColumns(body: Partial<CountryBody>): Partial<CountryColumns>;
export function countryColumns(body: Partial<CountryBody>): Partial<CountryColumns> {
  return {
    knownName: body.known_name,
    officialName: body.official_name,
    endonym: body.endonym,
    demonym: body.demonym,
    isdCode: body.isd_code,
    isoCodeAlpha2: body.iso_code_alpha2,
    isoCodeAlpha3: body.iso_code_alpha3,
    fipsCode: body.fips_code,
    slug: body.slug,
  };
}

/**
 * Text as people read it: case- and accent-insensitive ("Åland" with the A's). A database with the
 * C collation (PGlite's, and a default PostgreSQL's here) would put it after "Zimbabwe", so
 * countries are sorted in the process: there are 250 of them.
 */
const compareText = new Intl.Collator("en", { sensitivity: "base" }).compare;

/** The order of countries by `field` (text as people read it, numbers as numbers), ties by id. */
export function countryOrder(field: keyof Country, order: "asc" | "desc" = "asc"): (a: Country, b: Country) => number {
  const direction = order === "asc" ? 1 : -1;
  return (a, b) => {
    const [x, y] = [a[field], b[field]];
    const byField = typeof x === "string" && typeof y === "string" ? compareText(x, y) : Number(x) - Number(y);
    return direction * byField || a.id - b.id;
  };
}
