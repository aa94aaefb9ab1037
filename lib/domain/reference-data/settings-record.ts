/**
 * The business settings, a single row (id SETTINGS_ID): its business fields as the API and the back
 * office name them, as database columns, and as the back office's record.
 */
import type { z } from "zod";
import type { Settings } from "@/lib/generated/prisma/client";
import type { settingsSchema } from "./reference-data-schemas";

export const SETTINGS_ID = 1;

export type SettingsBody = z.infer<typeof settingsSchema>;
/** The business fields of the settings, as the API and the back office name them. */
export type BusinessDetails = Omit<SettingsBody, "locales" | "timezones">;

/**
 * The single settings row (id 1) as the back office edits it; the apps read it via /client/v1/settings.
 * `edited_at`: when staff last saved it, null until then. `placeholder_fields`: the fields that still
 * hold a placeholder (placeholderFields), whether or not it was saved since.
 */
export type SettingsRecord = { id: number } & BusinessDetails & {
    updated_at: string;
    edited_at: string | null;
    placeholder_fields: (keyof BusinessDetails)[];
  };

/** What the seed puts before each business detail it makes up. */
export const PLACEHOLDER_PREFIX = "[placeholder]";

/**
 * What only the seed's made-up details hold: the prefix, the licence's number, the support
 * telephone's and e-mail's. A field that holds one still shows customers a placeholder.
 */
const PLACEHOLDER_MARKS = [PLACEHOLDER_PREFIX, "FRN 000000", "0000 0000", "@example.com"];

/** The business fields that still hold a placeholder, in the order of the record. */
export function placeholderFields(details: BusinessDetails): (keyof BusinessDetails)[] {
  return (Object.keys(details) as (keyof BusinessDetails)[]).filter((field) =>
    PLACEHOLDER_MARKS.some((mark) => details[field].toLowerCase().includes(mark.toLowerCase())),
  );
}

export function businessDetails(settings: Settings): BusinessDetails {
  return {
    trading_name: settings.tradingName,
    company_name: settings.companyName,
    tag_line: settings.tagLine,
    license: settings.license,
    cs_number: settings.csNumber,
    cs_email: settings.csEmail,
    hq_address: settings.hqAddress,
    hq_city: settings.hqCity,
    hq_region: settings.hqRegion,
    hq_postcode: settings.hqPostcode,
    hq_country: settings.hqCountry,
  };
}

export function toSettingsRecord(settings: Settings): SettingsRecord {
  const details = businessDetails(settings);
  return {
    id: settings.id,
    ...details,
    updated_at: settings.updatedAt.toISOString(),
    edited_at: settings.editedAt?.toISOString() ?? null,
    placeholder_fields: placeholderFields(details),
  };
}

export function settingsColumns(details: BusinessDetails) {
  return {
    tradingName: details.trading_name,
    companyName: details.company_name,
    tagLine: details.tag_line,
    license: details.license,
    csNumber: details.cs_number,
    csEmail: details.cs_email,
    hqAddress: details.hq_address,
    hqCity: details.hq_city,
    hqRegion: details.hq_region,
    hqPostcode: details.hq_postcode,
    hqCountry: details.hq_country,
  };
}
