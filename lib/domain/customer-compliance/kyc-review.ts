/**
 * What the two decisions of the KYC review share (decide-customer-kyc.ts, rate-customer-risk.ts):
 * one transaction, under the customer's row lock so that a decision and a profile change take
 * turns, that updates the customer row, writes the decision with its reason to kyc_decisions,
 * records the account event and writes the audit entry with the values before and after.
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
  /** Statuses, ratings, flags and times: values the audit entry and the account event may both hold. */
  before: Record<string, string | boolean | null>;
  after: Record<string, string | boolean | null>;
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
    // The values only, as the decision's `before` has them: a reason or the profile's time stay out.
    const detail = { before, after: Object.fromEntries(Object.keys(before).map((key) => [key, after[key]])) };
    await recordEvent(tx, { type: event, outcome: "success", email: customer.email, customerId: id, detail }, now);
    return {
      result: true,
      audit: { action, resource: "customers", resourceId: id, before, after: { ...after, reason } },
    };
  });
}
