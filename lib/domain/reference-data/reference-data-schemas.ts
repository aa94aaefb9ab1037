/**
 * The reference data as the public API shows it: a country, a locale, a timezone and the business
 * settings. Named types of the OpenAPI document (their `meta` id); lib/http/schemas.ts wraps
 * them in the response envelope.
 */
import { z } from "zod";

export const countrySchema = z
  .object({
    known_name: z.string(),
    official_name: z.string(),
    endonym: z.string(),
    demonym: z.string(),
    isd_code: z
      .number()
      .int()
      .describe(
        "International dialling code without +. Members of the North American Numbering Plan (country code 1) other " +
          "than the United States, Canada and the US Minor Outlying Islands (all 1) are 1 followed by their main area " +
          "code: Jamaica 1876, Puerto Rico 1787. A member with several area codes is given its first: the Dominican " +
          "Republic is 1809 (it also dials as 1829 and 1849).",
      ),
    iso_code_alpha2: z.string().length(2),
    iso_code_alpha3: z.string().length(3),
    fips_code: z.string().describe('FIPS 10-4 code; "" where none exists'),
    slug: z.string(),
  })
  .meta({ id: "Country" });

export const localeSchema = z.object({ id: z.string(), label: z.string() }).meta({ id: "Locale" });

export const timezoneSchema = z
  .object({
    id: z.string().describe("IANA zone, Area/Location"),
    offset: z.string().describe("Current UTC offset, +HH:MM or -HH:MM: it follows daylight saving"),
    nice: z.string().describe('Display name, e.g. "(UTC+01:00) London"'),
  })
  .meta({ id: "Timezone" });

export const settingsSchema = z
  .object({
    trading_name: z.string(),
    company_name: z.string(),
    tag_line: z.string(),
    license: z.string().describe("The regulatory licence statement the apps display"),
    cs_number: z.string(),
    cs_email: z.string(),
    hq_address: z.string(),
    hq_city: z.string(),
    hq_region: z.string().describe('May be ""'),
    hq_postcode: z.string(),
    hq_country: z.string(),
    locales: z.array(localeSchema),
    timezones: z.array(timezoneSchema),
  })
  .meta({ id: "Settings" });
