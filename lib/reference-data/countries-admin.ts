import { z } from "zod";
import type { Country, Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { countryColumns, countryOrder, toCountryBody, type CountryBody } from "./countries";
import { isUniqueViolation } from "@/lib/db/errors";
import { fieldError, forbidden, notFound } from "@/lib/errors/domain-error";
import { fields } from "@/lib/validation/fields";
import { auditedChange } from "@/lib/audit/audited-change";
import type { Actor } from "@/lib/audit/record-audit";
import { mayEditCountryDetails, type Role } from "@/lib/staff/permissions";
import { booleanFilter, idsFilter, numericId, searchText, type ListQuery } from "@/lib/db/list-query";

/** Countries as the back office sees them: the public fields plus the source flag. */
export type CountryRecord = { id: number } & CountryBody & { is_source: boolean; updated_at: string };

export const SORTABLE = {
  id: "id",
  known_name: "knownName",
  iso_code_alpha2: "isoCodeAlpha2",
  iso_code_alpha3: "isoCodeAlpha3",
  isd_code: "isdCode",
  is_source: "isSource",
};

const code = (label: string, length: number) =>
  fields.text(label, length).transform((value) => value.toUpperCase()).refine((value) => new RegExp(`^[A-Z]{${length}}$`).test(value), `${label} must be ${length} letters`);

/** Every field may be left out: a change names only what it changes. */
export const countryChanges = z
  .object({
    known_name: fields.text("Known name", 100),
    official_name: fields.text("Official name", 200),
    endonym: fields.text("Endonym", 100),
    demonym: fields.text("Demonym", 100),
    isd_code: fields.integer("Dialling code", 1, 9999),
    iso_code_alpha2: code("ISO alpha-2 code", 2),
    iso_code_alpha3: code("ISO alpha-3 code", 3),
    fips_code: fields.optionalText("FIPS code", 2),
    slug: fields.text("Slug", 100).refine((slug) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug), "Slug must be lower-case words joined by dashes"),
    is_source: fields.flag("Source country"),
  })
  .partial();

type CountryChanges = z.infer<typeof countryChanges>;

function toRecord(country: Country): CountryRecord {
  return { id: country.id, ...toCountryBody(country), is_source: country.isSource, updated_at: country.updatedAt.toISOString() };
}

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
  const rows = (await db().country.findMany({ where })).sort(countryOrder(query.sortField as keyof Country, query.order));
  return { rows: rows.slice(query.skip, query.skip + query.take).map(toRecord), total: rows.length };
}

export async function readCountry(id: number): Promise<CountryRecord> {
  const country = await db().country.findUnique({ where: { id } });
  if (!country) throw notFound();
  return toRecord(country);
}

/**
 * Operations may only flip `is_source`; any other field that differs from what is stored needs an
 * admin. (react-admin sends the whole record on save, so unchanged fields are allowed through.)
 */
export async function updateCountry(id: number, changes: CountryChanges, actor: Actor & { role: Role }): Promise<CountryRecord> {
  try {
    return await auditedChange(actor, ["reference"], async (tx) => {
      const existing = await tx.country.findUnique({ where: { id } });
      if (!existing) throw notFound();
      const before = toRecord(existing);
      const changed = (Object.keys(changes) as (keyof CountryChanges)[]).filter((field) => changes[field] !== before[field]);
      if (changed.some((field) => field !== "is_source") && !mayEditCountryDetails(actor.role)) {
        throw forbidden("Only an admin may change a country's names and codes");
      }
      const after = toRecord(
        await tx.country.update({
          where: { id },
          data: { ...countryColumns(changes), isSource: changes.is_source },
        }),
      );
      return { result: after, audit: { action: "update", resource: "countries", resourceId: id, before, after } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("body", "unique", "Another country already has this ISO code or slug");
    throw error;
  }
}
