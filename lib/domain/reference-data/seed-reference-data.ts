/**
 * Reference data for a new installation. Idempotent, and it only ever adds what is missing:
 * a row staff have edited is never touched. `npm start` runs it when the database is empty;
 * `npm run db:seed` runs it on demand (and so brings back a default row that was deleted).
 */
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/platform/db";
import { countryColumns, type CountryBody } from "./country-record";
import { bumpVersion, changedHere } from "@/lib/platform/cache/versioned-cache";
import { PLACEHOLDER_PREFIX, SETTINGS_ID } from "./settings-record";
import { ianaZones, locationLabel, offsetMinutes, utcOffset } from "./timezone-offsets";

/**
 * Senders a UK-licensed remittance business serves by default: the UK, Ireland, and the EU
 * countries with the largest diaspora communities sending money home. Staff change these in the
 * back office as licences and partners allow.
 */
export const DEFAULT_SOURCE_COUNTRIES = ["GB", "IE", "FR", "DE", "ES", "IT", "NL", "BE"];

export const DEFAULT_LOCALES = [
  { id: "en_GB", label: "English (United Kingdom)" },
  { id: "en_US", label: "English (United States)" },
  { id: "fr_FR", label: "Français (France)" },
  { id: "es_ES", label: "Español (España)" },
  { id: "pt_PT", label: "Português (Portugal)" },
  { id: "de_DE", label: "Deutsch (Deutschland)" },
];

const PLACEHOLDER = `${PLACEHOLDER_PREFIX} `;

export const DEFAULT_SETTINGS = {
  id: SETTINGS_ID,
  tradingName: `${PLACEHOLDER}Example Remit`,
  companyName: `${PLACEHOLDER}Example Remit Ltd`,
  tagLine: `${PLACEHOLDER}Send money home, simply`,
  license: `${PLACEHOLDER}Example Remit Ltd is authorised by the Financial Conduct Authority under the Payment Services Regulations 2017 (FRN 000000).`,
  csNumber: "+44 20 0000 0000",
  csEmail: "support@example.com",
  hqAddress: `${PLACEHOLDER}1 Example Street`,
  hqCity: "London",
  hqRegion: "",
  hqPostcode: "EC1A 1AA",
  hqCountry: "United Kingdom",
};

export function readCountryData(): CountryBody[] {
  return JSON.parse(fs.readFileSync(path.resolve("prisma", "seed", "countries.json"), "utf8"));
}

export type SeedResult = { countries: number; locales: number; timezones: number; settings: number };

export async function seed(): Promise<SeedResult> {
  const countries = readCountryData();
  const now = new Date();
  const zones = [...ianaZones()]
    .map((id) => ({ id, label: locationLabel(id), minutes: offsetMinutes(utcOffset(id, now)) }))
    .sort((a, b) => a.minutes - b.minutes || a.label.localeCompare(b.label));

  const result = await db().$transaction(
    async (tx) => {
      const added = {
        countries: (
          await tx.country.createMany({
            data: countries.map((country) => ({
              ...countryColumns(country),
              isSource: DEFAULT_SOURCE_COUNTRIES.includes(country.iso_code_alpha2),
            })),
            skipDuplicates: true,
          })
        ).count,
        locales: (
          await tx.locale.createMany({
            data: DEFAULT_LOCALES.map((locale, position) => ({ ...locale, position })),
            skipDuplicates: true,
          })
        ).count,
        timezones: (
          await tx.timezone.createMany({
            data: zones.map((zone, position) => ({ id: zone.id, label: zone.label, position })),
            skipDuplicates: true,
          })
        ).count,
        settings: (await tx.settings.createMany({ data: [DEFAULT_SETTINGS], skipDuplicates: true })).count,
      };
      if (Object.values(added).some((count) => count > 0)) await bumpVersion(tx, "reference");
      return added;
    },
    { timeout: 60_000 },
  );
  changedHere();
  return result;
}

/** True for a database that has never been seeded. */
export async function needsSeed(): Promise<boolean> {
  return (await db().settings.count()) === 0;
}
