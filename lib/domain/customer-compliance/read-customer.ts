/**
 * One customer for compliance, with their most recent account events; an e-mail change names the
 * address it changed from as well as the one it changed to. With the KYC review's history: the
 * decisions (who, when, why) and the profile's changes with their values before and after.
 */
import type { CustomerProfileChange, KycDecision } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import {
  toCustomerEventRecord,
  toCustomerRecord,
  withClientName,
  type CustomerEventRecord,
  type CustomerRecord,
} from "@/lib/domain/customer-profiles/customer-record";

const EVENTS_SHOWN = 500;
const REVIEW_HISTORY_SHOWN = 500;

/** A KYC decision (kyc-review.ts): a status, or a risk rating with its flags; who made it, when and why. */
export type KycDecisionRecord = {
  id: number;
  kind: KycDecision["kind"];
  kyc_status: KycDecision["kycStatus"];
  risk_rating: KycDecision["riskRating"];
  pep: boolean | null;
  sanctions_hit: boolean | null;
  reason: string;
  staff_id: number | null;
  /** The staff member's name; null once their account is gone. */
  staff_name: string | null;
  created_at: string;
};

/** A change the customer made to their profile: the changed fields' values before and after. */
export type ProfileChangeRecord = {
  id: number;
  before: CustomerProfileChange["before"];
  after: CustomerProfileChange["after"];
  /** Whether the change put a verified profile back to review. */
  kyc_reset: boolean;
  created_at: string;
};

export type CustomerDetail = CustomerRecord & {
  events: CustomerHistoryEvent[];
  kyc_decisions: KycDecisionRecord[];
  profile_changes: ProfileChangeRecord[];
};

const NEWEST_FIRST = [{ createdAt: "desc" }, { id: "desc" }] as const;

/** An account event; for an e-mail change (asked for or made), the account's address before it. */
export type CustomerHistoryEvent = CustomerEventRecord & { email_before?: string };

/** One customer with their most recent account events (registrations, logins, failures, resets). */
export async function readCustomer(id: number): Promise<CustomerDetail> {
  const customer = await db().customer.findUnique({
    where: { id },
    include: {
      ...withClientName,
      events: { orderBy: [...NEWEST_FIRST], take: EVENTS_SHOWN },
      kycDecisions: {
        orderBy: [...NEWEST_FIRST],
        take: REVIEW_HISTORY_SHOWN,
        include: { staff: { select: { name: true } } },
      },
      profileChanges: { orderBy: [...NEWEST_FIRST], take: REVIEW_HISTORY_SHOWN },
    },
  });
  if (!customer) throw notFound("No such customer");
  return {
    ...toCustomerRecord(customer),
    events: withAddressesBefore(customer.events.map(toCustomerEventRecord)),
    kyc_decisions: customer.kycDecisions.map((decision) => ({
      id: decision.id,
      kind: decision.kind,
      kyc_status: decision.kycStatus,
      risk_rating: decision.riskRating,
      pep: decision.pep,
      sanctions_hit: decision.sanctionsHit,
      reason: decision.reason,
      staff_id: decision.staffId,
      staff_name: decision.staff?.name ?? null,
      created_at: decision.createdAt.toISOString(),
    })),
    profile_changes: customer.profileChanges.map((change) => ({
      id: change.id,
      before: change.before,
      after: change.after,
      kyc_reset: change.kycReset,
      created_at: change.createdAt.toISOString(),
    })),
  };
}

const EMAIL_CHANGES: CustomerEventRecord["type"][] = ["email_change_requested", "email_changed"];

/**
 * An e-mail change's event holds the new address only; the one it changed from is the address of
 * the account's event before it (every other event of an account holds the account's address).
 * Unknown for a change older than the events read. `events` are newest first.
 */
function withAddressesBefore(events: CustomerEventRecord[]): CustomerHistoryEvent[] {
  let current: string | undefined;
  const oldestFirst = events.toReversed().map((event): CustomerHistoryEvent => {
    if (!EMAIL_CHANGES.includes(event.type)) {
      current = event.email;
      return event;
    }
    const before = current;
    if (event.type === "email_changed" && event.outcome === "success") current = event.email;
    return before === undefined ? event : { ...event, email_before: before };
  });
  return oldestFirst.reverse();
}
