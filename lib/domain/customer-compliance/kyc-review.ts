/**
 * What the two decisions of the KYC review share (decide-customer-kyc.ts, rate-customer-risk.ts):
 * one transaction, under the customer's row lock so that a decision and a profile change take
 * turns, that updates the customer row, writes the decision with its reason to kyc_decisions,
 * records the account event and writes the audit entry with the values before and after (the
 * reason sealed under the customer's audit key, as retention clears it from kyc_decisions). And the
 * one entry no member of staff makes: a close ending a pending review (endPendingReview).
 *
 * A decision binds what the reviewer was shown: the profile, by its last change
 * (`profile_updated_at`), and the review, by its version (`review_version`, raised by every decision
 * and by the customer's submit). Checked under the lock: when either moved since, nothing is
 * written (409 `profile/changed`), so of two decisions taken on one view, one is recorded. Two
 * values, as the profile's time is the customer's last change (shown as such, and in the export):
 * a staff decision cannot move it.
 */
import { z } from "zod";
import type { Customer, Prisma } from "@/lib/generated/prisma/client";
import type { AuditAction, CustomerEventType, KycDecisionKind } from "@/lib/generated/prisma/enums";
import { conflict, invalidRequest, notFound } from "@/lib/platform/errors/domain-error";
import { fields } from "@/lib/platform/validation/fields";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { sealPersonalValue } from "@/lib/domain/audit/seal-personal-value";
import { lockCustomer } from "@/lib/domain/customer-accounts/lock-customer";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

/** What the reviewer was shown, sent with every decision: the customer's page's values as it read them. */
export const reviewViewInput = z.object({
  profile_updated_at: fields.instantOrNone("The profile's last change, as shown"),
  review_version: fields.integer("The review's version, as shown", 0, 2_147_483_647),
});
export type ReviewView = z.infer<typeof reviewViewInput>;

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
 * account is closed, 409 when it is no longer as `view` shows it) and records the decision it
 * returns; `decide` returns nothing to write nothing (the customer changed in a way its caller must
 * start over for). True when a decision was recorded.
 */
export async function recordReviewDecision(
  id: number,
  actor: Actor,
  view: ReviewView,
  decide: (tx: Prisma.TransactionClient, customer: Customer, now: Date) => Promise<ReviewDecision | undefined>,
): Promise<boolean> {
  return auditedChange(actor, [], async (tx) => {
    if (!(await lockCustomer(tx, id))) throw notFound("No such customer");
    const customer = await tx.customer.findUniqueOrThrow({ where: { id } });
    if (customer.closedAt) throw invalidRequest("This account is closed");
    const profileShown = (customer.profileUpdatedAt?.toISOString() ?? null) === view.profile_updated_at;
    if (!profileShown || customer.reviewVersion !== view.review_version) {
      throw conflict(
        "profile",
        "changed",
        "The profile or the review changed since it was shown: look at the customer again, then decide",
      );
    }
    const now = new Date();
    const decision = await decide(tx, customer, now);
    if (!decision) return { result: false };
    const { kind, change, reason, action, event, before, after } = decision;
    await tx.customer.update({
      where: { id },
      data: { ...change, reviewVersion: { increment: 1 } },
      select: { id: true },
    });
    await tx.kycDecision.create({
      data: { customerId: id, staffId: actor.staffId, kind, ...change, reason, createdAt: now },
      select: { id: true },
    });
    // The values only, as the decision's `before` has them: a reason or the profile's time stay out.
    const detail = { before, after: Object.fromEntries(Object.keys(before).map((key) => [key, after[key]])) };
    await recordEvent(tx, { type: event, outcome: "success", email: customer.email, customerId: id, detail }, now);
    return {
      result: true,
      audit: {
        action,
        resource: "customers",
        resourceId: id,
        before,
        after: { ...after, reason: await sealPersonalValue(tx, id, reason) },
      },
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
