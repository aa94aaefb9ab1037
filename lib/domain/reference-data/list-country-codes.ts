/**
 * Every country's ISO alpha-2 code, and whether it is a source country, from memory: what a
 * registration's `country` and a profile's country fields are checked against without a query per
 * call. Reloaded when reference data changes (an operator flipping `is_source` bumps the version).
 */
import { db } from "@/lib/platform/db";
import { versionedCache } from "@/lib/platform/cache/versioned-cache";

const cachedCountryCodes = versionedCache("reference", async () => {
  const rows = await db().country.findMany({ select: { isoCodeAlpha2: true, isSource: true } });
  return new Map(rows.map((row) => [row.isoCodeAlpha2, row.isSource]));
});

/** Alpha-2 code → is a source country. */
export function listCountryCodes(): Promise<ReadonlyMap<string, boolean>> {
  return cachedCountryCodes.get();
}
