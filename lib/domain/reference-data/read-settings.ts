/**
 * The business settings read three ways: the business details from memory (every e-mail is signed
 * with them), the settings as the apps see them (/client/v1/settings), and the back office's record.
 */
import type { Settings } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import { versionedCache } from "@/lib/platform/cache/versioned-cache";
import {
  businessDetails,
  placeholderFields,
  SETTINGS_ID,
  toSettingsRecord,
  type BusinessDetails,
  type SettingsBody,
  type SettingsRecord,
} from "./settings-record";
import { niceName, utcOffset } from "./timezone-offsets";
import { ENABLED_IN_ORDER } from "./list-enabled-locales";

/** The settings row, which the seed writes: an installation without it is not set up. */
async function settingsRow(): Promise<Settings> {
  const settings = await db().settings.findUnique({ where: { id: SETTINGS_ID } });
  if (!settings) throw new Error("The settings row is missing: run `npm run db:seed`.");
  return settings;
}

const cachedBusinessDetails = versionedCache("reference", async () => businessDetails(await settingsRow()));

/** The business details as they stand, from memory (every e-mail is signed with them). */
export function currentBusinessDetails(): Promise<BusinessDetails> {
  return cachedBusinessDetails.get();
}

/** The business settings as the apps see them: the single settings row plus enabled locales and zones. */
export async function readSettingsBody(at = new Date()): Promise<SettingsBody> {
  const [settings, locales, timezones] = await Promise.all([
    settingsRow(),
    db().locale.findMany(ENABLED_IN_ORDER),
    db().timezone.findMany(ENABLED_IN_ORDER),
  ]);
  return {
    ...businessDetails(settings),
    locales: locales.map((locale) => ({ id: locale.id, label: locale.label })),
    timezones: timezones.map((zone) => {
      const offset = utcOffset(zone.id, at);
      return { id: zone.id, offset, nice: niceName(offset, zone.label) };
    }),
  };
}

/**
 * The business fields that still hold the seed's placeholders ("[placeholder] Example Remit",
 * "FRN 000000"), which the apps and the sign-in page show customers: empty once every one is the
 * business's own, however many saves that took.
 */
export async function placeholderSettings(): Promise<(keyof BusinessDetails)[]> {
  return placeholderFields(businessDetails(await settingsRow()));
}

/** The settings record for the back office: there is one, with id SETTINGS_ID. */
export async function readSettings(id: number): Promise<SettingsRecord> {
  const settings = id === SETTINGS_ID ? await db().settings.findUnique({ where: { id } }) : null;
  if (!settings) throw notFound("There is one settings record, with id 1");
  return toSettingsRecord(settings);
}
