/**
 * The back office's country list: filtered, then sorted and paged in the process (see countryOrder).
 * The public API's list is list-public-countries.ts.
 */
import type { Country, Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { booleanFilter, idsFilter, numericId, searchText, type ListQuery } from "@/lib/platform/db/list-query";
import { countryOrder, toCountryRecord } from "./country-record";

export const SORTABLE = {
  id: "id",
  known_name: "knownName",
  iso_code_alpha2: "isoCodeAlpha2",
  iso_code_alpha3: "isoCodeAlpha3",
  isd_code: "isdCode",
  is_source: "isSource",
};

/** `q` matches the known or official name, or either ISO code exactly; `is_source` filters by the flag. */
export async function listCountries(query: ListQuery) {
  const q = searchText(query.filter);
  const where: Prisma.CountryWhereInput = {
    id: idsFilter(query.filter, numericId),
    isSource: booleanFilter(query.filter.is_source),
    ...(q
      ? {
          OR: [
            { knownName: { contains: q, mode: "insensitive" } },
            { officialName: { contains: q, mode: "insensitive" } },
            { isoCodeAlpha2: q.toUpperCase() },
            { isoCodeAlpha3: q.toUpperCase() },
          ],
        }
      : {}),
  };
  // Sorted and paged here, in the public API's order (see countryOrder): 250 rows at most.
  const rows = (await db().country.findMany({ where })).sort(
    countryOrder(query.sortField as keyof Country, query.order),
  );
  return { rows: rows.slice(query.skip, query.skip + query.take).map(toCountryRecord), total: rows.length };
}
