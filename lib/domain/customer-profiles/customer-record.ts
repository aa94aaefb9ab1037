/**
 * Customers for compliance: never a password hash or a token. A customer as the
 * back office sees it (with the name of the API client it registered through), and its events.
 */
import type { Customer, CustomerEvent } from "@/lib/generated/prisma/client";
import type {
  CustomerEventType,
  CustomerSource,
  EventOutcome,
  KycStatus,
  RiskRating,
} from "@/lib/generated/prisma/enums";
import { type ProfileField, type ProfileValues, profileValues, REQUIRED_PROFILE_FIELDS } from "./profile-fields";

export type CustomerRecord = {
  id: number;
  /** The account's address; for a closed account, the address it had (its row holds a tombstone). */
  email: string;
  verified: boolean;
  email_verified_at: string | null;
  source: CustomerSource;
  registered_via: number | null;
  /** The API client's name, so compliance need not be able to read API clients to see it. */
  registered_via_name: string | null;
  created_at: string;
  updated_at: string;
  /** When the customer closed the account; null while open. */
  closed_at: string | null;
  /** When staff blocked the account; null while not blocked. */
  blocked_at: string | null;
  status: CustomerStatus;
  /** When the customer turned two-factor (TOTP) on; null while off. Never the secret. */
  two_factor_enabled_at: string | null;
  /** Since when a legal hold keeps retention off the account (set-legal-hold.ts); null: no hold. */
  legal_hold_since: string | null;
} & CustomerProfileRecord &
  CustomerReviewRecord;

/** The profile the customer gave (issue 25), under the public API's names (profile-fields.ts); null for a field never given. */
export type CustomerProfileRecord = ProfileValues & { profile_updated_at: string | null };

/** Where the KYC review stands: its latest decisions (the history is in kyc_decisions). */
export type CustomerReviewRecord = {
  /** Raised by every change of the review's state: a decision sends the one it was taken on (kyc-review.ts). */
  review_version: number;
  kyc_status: KycStatus;
  risk_rating: RiskRating | null;
  pep: boolean;
  sanctions_hit: boolean;
};

export function toCustomerProfileRecord(customer: Customer): CustomerProfileRecord {
  return { ...profileValues(customer), profile_updated_at: customer.profileUpdatedAt?.toISOString() ?? null };
}

/** The names of the fields a complete profile needs and this one lacks; none when it is complete. */
export function missingProfileFields(profile: ProfileValues): ProfileField[] {
  return REQUIRED_PROFILE_FIELDS.filter((field) => profile[field] === null);
}

/** Closed (by the customer, for good) wins over blocked (by staff, until unblocked). */
export const CustomerStatus = { active: "active", blocked: "blocked", closed: "closed" } as const;
export type CustomerStatus = keyof typeof CustomerStatus;

export function customerStatus(customer: { closedAt: Date | null; blockedAt: Date | null }): CustomerStatus {
  if (customer.closedAt) return "closed";
  return customer.blockedAt ? "blocked" : "active";
}

export type CustomerEventRecord = {
  id: number;
  type: CustomerEventType;
  outcome: EventOutcome;
  /** The address the event concerns: the account's, the one tried, or for an e-mail change the new one. */
  email: string;
  api_client_id: number | null;
  ip: string;
  user_agent: string;
  fingerprint: string;
  /** What a staff decision changed: `{ before, after }` (record-customer-event.ts); null otherwise. */
  detail: CustomerEvent["detail"];
  created_at: string;
};

type CustomerWithClient = Customer & { apiClient: { name: string } | null };

/** What a customer query includes for toCustomerRecord: the name of the API client. */
export const withClientName = { apiClient: { select: { name: true } } } as const;

export function toCustomerRecord(customer: CustomerWithClient): CustomerRecord {
  return {
    id: customer.id,
    email: customer.closedEmail ?? customer.email,
    verified: customer.emailVerifiedAt !== null,
    email_verified_at: customer.emailVerifiedAt?.toISOString() ?? null,
    source: customer.source,
    registered_via: customer.registeredVia,
    registered_via_name: customer.apiClient?.name ?? null,
    created_at: customer.createdAt.toISOString(),
    updated_at: customer.updatedAt.toISOString(),
    closed_at: customer.closedAt?.toISOString() ?? null,
    blocked_at: customer.blockedAt?.toISOString() ?? null,
    status: customerStatus(customer),
    two_factor_enabled_at: customer.totpEnabledAt?.toISOString() ?? null,
    legal_hold_since: customer.legalHoldSince?.toISOString() ?? null,
    ...toCustomerProfileRecord(customer),
    review_version: customer.reviewVersion,
    kyc_status: customer.kycStatus,
    risk_rating: customer.riskRating,
    pep: customer.pep,
    sanctions_hit: customer.sanctionsHit,
  };
}

export function toCustomerEventRecord(event: CustomerEvent): CustomerEventRecord {
  return {
    id: event.id,
    type: event.type,
    outcome: event.outcome,
    email: event.email,
    api_client_id: event.apiClientId,
    ip: event.ip,
    user_agent: event.userAgent,
    fingerprint: event.fingerprint,
    detail: event.detail,
    created_at: event.createdAt.toISOString(),
  };
}
