/**
 * The back office's customer filters, shared by the list and the export: `q` (part of the
 * e-mail, or of the address a closed account had), `verified`, `source` ("api" or "import"), `status` ("active", "blocked" or
 * "closed", see customerStatus), `created_gte` / `created_lte` (dates, both
 * days included), `fingerprint` and `ip` (customers with an account event from that device or
 * address, exactly as the events show them); and the review's (issue 25): `kyc_status`, `risk_rating`
 * (values of their enums), `pep`, `sanctions_hit` (true or false) and `country_of_residence` (an
 * ISO alpha-2 code); and `legal_hold` (true: accounts on legal hold, false: the others, issue 28). A
 * malformed value of those six is a 400, not a list that matches nothing.
 */
import { isIP } from "node:net";
import type { Prisma } from "@/lib/generated/prisma/client";
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import {
  booleanFilter,
  boundedTextFilter,
  enumFilter,
  closedSetFilter,
  flagFilter,
  idsFilter,
  likeLiteral,
  numericId,
  searchText,
} from "@/lib/platform/db/list-query";
import { CustomerSource, KycStatus, RiskRating } from "@/lib/generated/prisma/enums";
import { CustomerStatus } from "@/lib/domain/customer-profiles/customer-record";

export function customerFilter(filter: Record<string, unknown>): Prisma.CustomerWhereInput {
  const search = searchText(filter);
  const q = search === undefined ? undefined : likeLiteral(search.toLowerCase());
  const verified = booleanFilter(filter.verified);
  const createdFrom = dateFilter(filter.created_gte, "created_gte");
  const createdTo = dateFilter(filter.created_lte, "created_lte");
  return {
    id: idsFilter(filter, numericId),
    OR: q ? [{ email: { contains: q } }, { closedEmail: { contains: q } }] : undefined,
    emailVerifiedAt: verified === undefined ? undefined : verified ? { not: null } : null,
    source: enumFilter(CustomerSource, filter.source),
    createdAt: createdFrom || createdTo ? { gte: createdFrom, lt: createdTo && nextDay(createdTo) } : undefined,
    kycStatus: closedSetFilter(KycStatus, filter.kyc_status, "kyc_status"),
    riskRating: closedSetFilter(RiskRating, filter.risk_rating, "risk_rating"),
    pep: flagFilter(filter.pep, "pep"),
    sanctionsHit: flagFilter(filter.sanctions_hit, "sanctions_hit"),
    countryOfResidence: countryFilter(filter.country_of_residence, "country_of_residence"),
    legalHoldSince: heldFilter(flagFilter(filter.legal_hold, "legal_hold")),
    AND: [statusFilter(filter.status), deviceFilter(filter)].filter((where) => where !== undefined),
  };
}

const heldFilter = (held: boolean | undefined) => (held === undefined ? undefined : held ? { not: null } : null);
/** The filters whose values are closed sets, dates or ids: facts an audit entry may hold. */
const FACT_FILTERS = [
  "id",
  "verified",
  "source",
  "status",
  "created_gte",
  "created_lte",
  "kyc_status",
  "risk_rating",
  "pep",
  "sanctions_hit",
  "country_of_residence",
  "legal_hold",
];
/** The filters whose values are a customer's personal data (part of an e-mail, an address, a device). */
const PERSONAL_FILTERS = ["q", "ip", "fingerprint"];

/**
 * A filter as the audit log keeps it (it holds no customer's personal data: docs/security.md, the
 * hash chain): the facts as given, a search, an address or a fingerprint only as `"given"`, any
 * other key left out. For a filter customerFilter has accepted.
 */
export function auditedCustomerFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(filter).sort()) {
    const value = filter[key];
    if (value === undefined || value === null || value === "") continue;
    if (FACT_FILTERS.includes(key)) kept[key] = value;
    else if (PERSONAL_FILTERS.includes(key)) kept[key] = "given";
  }
  return kept;
}

/** An ISO 3166-1 alpha-2 code, in either case; anything else a 400. */
function countryFilter(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || !/^[A-Za-z]{2}$/.test(value)) {
    throw invalidRequest(`${name} must be a two-letter ISO country code, such as GB`);
  }
  return value.toUpperCase();
}

/** As the events store them (read-device.ts): fingerprints cut at 512 characters, addresses at most 45. */
const MAX_FINGERPRINT_LENGTH = 512;
const MAX_ADDRESS_LENGTH = 45;

/** `fingerprint` and `ip`: text of bounded length, the address an IPv4 or IPv6 one; else a 400. */
function deviceFilter(filter: Record<string, unknown>): Prisma.CustomerWhereInput | undefined {
  const fingerprint = boundedTextFilter(filter.fingerprint, "fingerprint", MAX_FINGERPRINT_LENGTH);
  const ip = boundedTextFilter(filter.ip, "ip", MAX_ADDRESS_LENGTH);
  if (ip !== undefined && isIP(ip) === 0) throw invalidRequest("ip must be an IPv4 or IPv6 address");
  if (fingerprint === undefined && ip === undefined) return undefined;
  return {
    AND: [
      ...(fingerprint === undefined ? [] : [{ events: { some: { fingerprint } } }]),
      ...(ip === undefined ? [] : [{ events: { some: { ip: ip.toLowerCase() } } }]),
    ],
  };
}

const STATUS_WHERE: Record<CustomerStatus, Prisma.CustomerWhereInput> = {
  active: { closedAt: null, blockedAt: null },
  blocked: { closedAt: null, blockedAt: { not: null } },
  closed: { closedAt: { not: null } },
};

/** As enumFilter: an unknown status matches nothing. */
function statusFilter(value: unknown): Prisma.CustomerWhereInput | undefined {
  const status = enumFilter(CustomerStatus, value);
  if (status === undefined) return undefined;
  return typeof status === "string" ? STATUS_WHERE[status] : { id: { in: [] } };
}

/** Years of four digits: the dates PostgreSQL and the date inputs both take (a JS Date goes much further). */
const FIRST_DAY = Date.parse("0001-01-01T00:00:00Z");
const LAST_DAY = Date.parse("9999-12-31T23:59:59.999Z");

/** A day as the date inputs send it (YYYY-MM-DD, taken as UTC), or a full ISO timestamp, from year 1 to 9999. */
function dateFilter(value: unknown, name: string): Date | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const date = new Date(String(value));
  if (!(date.getTime() >= FIRST_DAY && date.getTime() <= LAST_DAY)) {
    throw invalidRequest(`${name} must be a date from 0001-01-01 to 9999-12-31, such as 2026-01-31`);
  }
  return date;
}

const nextDay = (date: Date) => new Date(date.getTime() + 24 * 60 * 60 * 1000);
