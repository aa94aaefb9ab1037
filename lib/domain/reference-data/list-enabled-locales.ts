/**
 * The enabled locales in settings order, from memory: what a customer may choose, the first being
 * the default (lib/domain/customer-accounts/customer-locale.ts). Reloaded when reference data changes.
 */
import { db } from "@/lib/platform/db";
import { versionedCache } from "@/lib/platform/cache/versioned-cache";

/** The enabled rows of a display option table (locales, timezones), in the order the settings list them. */
export const ENABLED_IN_ORDER = {
  where: { enabled: true },
  orderBy: [{ position: "asc" as const }, { id: "asc" as const }],
};

const cachedLocaleIds = versionedCache("reference", async () =>
  (await db().locale.findMany({ ...ENABLED_IN_ORDER, select: { id: true } })).map((locale) => locale.id),
);

/** The ids of the enabled locales, in settings order. */
export function listEnabledLocales(): Promise<string[]> {
  return cachedLocaleIds.get();
}
