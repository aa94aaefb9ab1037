/**
 * The back office's words for react-admin's save notifications: "Country updated", not react-admin's
 * "Element updated", which leaves a person to guess what was saved. Every other message stays
 * react-admin's English.
 */
import { defaultI18nProvider, type I18nProvider } from "react-admin";
import type { AdminResource } from "@/lib/domain/access/permissions";

/** What a resource's record is called in a sentence. */
const RECORD_NAMES: Partial<Record<AdminResource, string>> = {
  settings: "Settings",
  countries: "Country",
  locales: "Locale",
  timezones: "Time zone",
  clients: "API client",
  staff: "Staff member",
  customers: "Customer",
  outbox: "E-mail",
};

/** "resources.countries.notifications.updated" for one record → "Country updated"; else undefined. */
export function savedNotice(key: string, count: unknown): string | undefined {
  const match = /^resources\.([a-z-]+)\.notifications\.(created|updated|deleted)$/.exec(key);
  if (!match || (count !== undefined && count !== 1)) return undefined;
  const name = RECORD_NAMES[match[1] as AdminResource];
  if (!name) return undefined;
  return `${name} ${match[1] === "settings" ? "saved" : match[2]}`;
}

export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) => savedNotice(key, options?.smart_count) ?? defaultI18nProvider.translate(key, options),
};
