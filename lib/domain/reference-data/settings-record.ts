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
 * `edited_at`: when staff last saved it, null while it still holds the seed's placeholders.
 */
export type SettingsRecord = { id: number } & BusinessDetails & { updated_at: string; edited_at: string | null };

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
  return {
    id: settings.id,
    ...businessDetails(settings),
    updated_at: settings.updatedAt.toISOString(),
    edited_at: settings.editedAt?.toISOString() ?? null,
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
