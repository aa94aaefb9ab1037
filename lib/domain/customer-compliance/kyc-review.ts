/**
 * What the two decisions of the KYC review share (decide-customer-kyc.ts, rate-customer-risk.ts):
 * one transaction, under the customer's row lock so that a decision and a profile change take
 * turns, that updates the customer row, writes the decision with its reason to kyc_decisions,
 * records the account event and writes the audit entry with the values before and after. And the
 * one entry no member of staff makes: a close ending a pending review (endPendingReview).
 */
import type { Customer, Prisma } from "@/lib/generated/prisma/client";
import type { AuditAction, CustomerEventType, KycDecisionKind } from "@/lib/generated/prisma/enums";
import { invalidRequest, notFound } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { lockCustomer } from "@/lib/domain/customer-accounts/lock-customer";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

/** What a decision changes on the customer row, as kyc_decisions records it too. */
type ReviewChange = Partial<Pick<Customer, "kycStatus" | "riskRating" | "pep" | "sanctionsHit">>;

export type ReviewDecision = {
  kind: KycDecisionKind;
  change: ReviewChange;
  reason: string;
  /** The audit entry's action and the account event's type. */
  action: Extract<AuditAction, "kyc_decision" | "risk_decision">;
  event: CustomerEventType;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

/**
 * Runs `decide` on customer `id` as it is under the row lock (404 when there is none, 400 when the
 * account is closed) and records the decision it returns; `decide` returns nothing to write nothing
 * (the customer changed in a way its caller must start over for). True when a decision was recorded.
 */
export async function recordReviewDecision(
  id: number,
  actor: Actor,
  decide: (tx: Prisma.TransactionClient, customer: Customer, now: Date) => Promise<ReviewDecision | undefined>,
): Promise<boolean> {
  return auditedChange(actor, [], async (tx) => {
    if (!(await lockCustomer(tx, id))) throw notFound("No such customer");
    const customer = await tx.customer.findUniqueOrThrow({ where: { id } });
    if (customer.closedAt) throw invalidRequest("This account is closed");
    const now = new Date();
    const decision = await decide(tx, customer, now);
    if (!decision) return { result: false };
    const { kind, change, reason, action, event, before, after } = decision;
    await tx.customer.update({ where: { id }, data: change, select: { id: true } });
    await tx.kycDecision.create({
      data: { customerId: id, staffId: actor.staffId, kind, ...change, reason, createdAt: now },
      select: { id: true },
    });
    await recordEvent(tx, { type: event, outcome: "success", email: customer.email, customerId: id }, now);
    return {
      result: true,
      audit: { action, resource: "customers", resourceId: id, before, after: { ...after, reason } },
    };
  });
}

/** Why a review ended without a decision, in the KYC history. */
export const REVIEW_ENDED_BY_CLOSE = "The customer closed the account while the profile awaited review";

/**
 * Within the transaction `tx` that closes customer `customerId`'s account: a profile awaiting review
 * leaves the queue as closed_unreviewed, with a system entry (no staff) in kyc_decisions. Any other
 * status stays as it is. A staff decision holds the row lock and checks the account is open, so the
 * two take turns.
 */
export async function endPendingReview(tx: Prisma.TransactionClient, customerId: number, now: Date): Promise<void> {
  const { count } = await tx.customer.updateMany({
    where: { id: customerId, kycStatus: "pending_review" },
    data: { kycStatus: "closed_unreviewed" },
  });
  if (count === 0) return;
  await tx.kycDecision.create({
    data: {
      customerId,
      staffId: null,
      kind: "status",
      kycStatus: "closed_unreviewed",
      reason: REVIEW_ENDED_BY_CLOSE,
      createdAt: now,
    },
    select: { id: true },
  });
}
