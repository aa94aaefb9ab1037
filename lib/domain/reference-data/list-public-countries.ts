/**
 * The countries the public API serves (all of them, or the source countries only), by known name.
 * The back office's paged list is list-countries.ts.
 */
import type { Country } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { countryOrder } from "./country-record";

export async function listPublicCountries(options: { sourcesOnly?: boolean } = {}): Promise<Country[]> {
  const rows = await db().country.findMany({ where: options.sourcesOnly ? { isSource: true } : undefined });
  return rows.sort(countryOrder("knownName"));
}
