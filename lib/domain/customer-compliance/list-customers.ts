/** The back office's customer list, filtered (see customer-filter.ts), sorted and paged in the database. */
import { db } from "@/lib/platform/db";
import { boundedTotal, narrows, pageOf, type ListQuery } from "@/lib/platform/db/list-query";
import { customerFilter } from "./customer-filter";
import { toCustomerRecord, withClientName } from "@/lib/domain/customer-profiles/customer-record";

export const SORTABLE = {
  id: "id",
  email: "email",
  family_name: "familyName",
  country_of_residence: "countryOfResidence",
  pep: "pep",
  created_at: "createdAt",
  email_verified_at: "emailVerifiedAt",
  source: "source",
  closed_at: "closedAt",
  kyc_status: "kycStatus",
  risk_rating: "riskRating",
  profile_updated_at: "profileUpdatedAt",
  legal_hold_since: "legalHoldSince",
};

export async function listCustomers(query: ListQuery) {
  const where = customerFilter(query.filter);
  const [rows, total] = await Promise.all([
    db().customer.findMany({ where, include: withClientName, ...pageOf(query) }),
    // Every filtered column has an index on (column, id), and the ids rise with registration.
    boundedTotal(
      (bound) => db().customer.count({ where, orderBy: { id: "asc" }, ...bound }),
      narrows(query.filter) ? undefined : "customers",
    ),
  ]);
  return { rows: rows.map(toCustomerRecord), total };
}
