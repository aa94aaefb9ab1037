/** A country changed from the back office, in one transaction with its audit entry. */
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { fieldError, forbidden, notFound } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { mayEditCountryDetails } from "@/lib/domain/access/permissions";
import { countryColumns, toCountryRecord, type CountryRecord } from "./country-record";
import type { CountryChanges } from "./country-schemas";

/** What a refusal calls each field an operator may not change. */
const FIELD_LABELS: Record<keyof CountryChanges, string> = {
  known_name: "known name",
  official_name: "official name",
  endonym: "endonym",
  demonym: "demonym",
  isd_code: "dialling code",
  iso_code_alpha2: "ISO alpha-2 code",
  iso_code_alpha3: "ISO alpha-3 code",
  fips_code: "FIPS code",
  slug: "slug",
  is_source: "source country",
};

/**
 * Operations may only flip `is_source`; any other field that differs from what is stored needs an
 * admin, and the refusal names each such field. (react-admin sends the whole record on save, so
 * unchanged fields are allowed through.)
 */
export async function updateCountry(
  id: number,
  changes: CountryChanges,
  actor: Actor & { role: StaffRole },
): Promise<CountryRecord> {
  try {
    return await auditedChange(actor, ["reference"], async (tx) => {
      const existing = await tx.country.findUnique({ where: { id } });
      if (!existing) throw notFound();
      const before = toCountryRecord(existing);
      const changed = (Object.keys(changes) as (keyof CountryChanges)[]).filter(
        (field) => changes[field] !== before[field],
      );
      const adminOnly = changed.filter((field) => field !== "is_source");
      if (adminOnly.length > 0 && !mayEditCountryDetails(actor.role)) {
        const named = adminOnly.map((field) => `${FIELD_LABELS[field]} (${field})`).join(", ");
        throw forbidden(`Only an admin may change these fields of a country: ${named}`);
      }
      const after = toCountryRecord(
        await tx.country.update({
          where: { id },
          data: { ...countryColumns(changes), isSource: changes.is_source },
        }),
      );
      return { result: after, audit: { action: "update", resource: "countries", resourceId: id, before, after } };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw fieldError("body", "unique", "Another country already has this ISO code or slug");
    throw error;
  }
}
