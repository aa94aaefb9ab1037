import type { z } from "zod";
import type { Settings } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { versionedCache } from "@/lib/cache/versioned-cache";
import type { settingsSchema } from "./reference-data-schemas";
import { niceName, utcOffset } from "./timezones";

export const SETTINGS_ID = 1;

export type SettingsBody = z.infer<typeof settingsSchema>;
/** The business fields of the settings, as the API and the back office name them. */
export type BusinessDetails = Omit<SettingsBody, "locales" | "timezones">;

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

const cachedBusinessDetails = versionedCache("reference", async () => {
  const settings = await db().settings.findUnique({ where: { id: SETTINGS_ID } });
  if (!settings) throw new Error("The settings row is missing: run `npm run db:seed`.");
  return businessDetails(settings);
});

/** The business details as they stand, from memory (every e-mail is signed with them). */
export function currentBusinessDetails(): Promise<BusinessDetails> {
  return cachedBusinessDetails.get();
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


/** The business settings as the apps see them: the single settings row plus enabled locales and zones. */
export async function readSettingsBody(at = new Date()): Promise<SettingsBody> {
  const [settings, locales, timezones] = await Promise.all([
    db().settings.findUnique({ where: { id: SETTINGS_ID } }),
    db().locale.findMany({ where: { enabled: true }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    db().timezone.findMany({ where: { enabled: true }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
  ]);
  if (!settings) throw new Error("The settings row is missing: run `npm run db:seed`.");
  return {
    ...businessDetails(settings),
    locales: locales.map((locale) => ({ id: locale.id, label: locale.label })),
    timezones: timezones.map((zone) => {
      const offset = utcOffset(zone.id, at);
      return { id: zone.id, offset, nice: niceName(offset, zone.label) };
    }),
  };
}

