/**
 * A KYC status decision by compliance or an admin (POST /api/admin/customers/{id}/kyc): verified,
 * rejected, or back to pending review, always with a reason. Verifying needs a complete profile, its
 * identity screened (no due mark) and no possible screening match open.
 * A verified or rejected profile is told to the customer by e-mail in their language, without the
 * reason (that stays internal), queued in the decision's transaction, as is the
 * customer.kyc_status_changed webhook (without the reason too).
 */
import type { z } from "zod";
import { KycStatus } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";
import { fieldError, invalidRequest, notFound } from "@/lib/platform/errors/domain-error";
import { fields } from "@/lib/platform/validation/fields";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { composeNotice, type NoticeEmailTemplate } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import { complianceActionInput } from "./compliance-action";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { missingProfileFields, toCustomerProfileRecord } from "@/lib/domain/customer-profiles/customer-record";
import { recordReviewDecision, reviewViewInput } from "./kyc-review";

/** The statuses staff decide; `not_submitted` is only where a profile starts. */
const DECIDED_STATUSES = {
  pending_review: KycStatus.pending_review,
  verified: KycStatus.verified,
  rejected: KycStatus.rejected,
} as const;

export const kycDecisionInput = complianceActionInput.extend({
  status: fields.choice("Status", DECIDED_STATUSES),
  ...reviewViewInput.shape,
});
export type KycDecisionInput = z.infer<typeof kycDecisionInput>;

/** The e-mail each outcome sends; going back to review sends none. */
const NOTICE = {
  verified: "kyc_verified",
  rejected: "kyc_rejected",
} as const satisfies Partial<Record<KycStatus, NoticeEmailTemplate>>;

/** How many times a decision starts over when the address or language changed under its e-mail. */
const DECISION_ATTEMPTS = 3;

/**
 * Sets customer `id`'s KYC status to `status`, on the profile and review the reviewer was shown
 * (`recordReviewDecision`: 409 when they changed). A 400 when the account is closed, when the status is
 * already `status`, or (`status/profile_incomplete`) when verifying a profile that lacks a field
 * other than address_line2 and address_region. The e-mail is rendered before the transaction
 * (rendering reads settings, which must not wait on its connection) for the address and language
 * read then; if either changed by the time the row is locked, the decision starts over.
 */
export async function decideCustomerKyc(id: number, input: KycDecisionInput, actor: Actor): Promise<void> {
  const { status, reason, ...view } = input;
  for (let attempt = 1; attempt <= DECISION_ATTEMPTS; attempt++) {
    const addressee = await db().customer.findUnique({ where: { id }, select: { email: true, locale: true } });
    if (!addressee) throw notFound("No such customer");
    const notice =
      status === "pending_review"
        ? undefined
        : await composeNotice(NOTICE[status], addressee.email, await effectiveLocale(addressee.locale), {});
    const decided = await recordReviewDecision(id, actor, view, async (tx, customer, now) => {
      if (customer.email !== addressee.email || customer.locale !== addressee.locale) return undefined;
      if (customer.kycStatus === status) throw invalidRequest(`The KYC status is already ${status}`);
      const profile = toCustomerProfileRecord(customer);
      const missing = missingProfileFields(profile);
      // A possible screening match still open (lib/domain/screening/) is decided first: read here, as
      // screening sits above this folder, under the same row lock its decisions take and under which
      // screening writes the matches it found and clears the due mark, together. While the mark is
      // set, a match may be about to open: the identity as it is has not been screened yet.
      if (status === "verified" && customer.screeningDueAt) {
        throw fieldError(
          "status",
          "screening_open",
          "The profile cannot be verified before it is screened against the lists: try again in a moment",
        );
      }
      if (status === "verified" && (await tx.screeningMatch.count({ where: { customerId: id, status: "open" } })) > 0) {
        throw fieldError(
          "status",
          "screening_open",
          "The profile cannot be verified while a possible screening match is open: decide it first",
        );
      }
      if (status === "verified" && missing.length > 0) {
        throw fieldError(
          "status",
          "profile_incomplete",
          `The profile cannot be verified before it is complete: it lacks ${missing.join(", ")}`,
        );
      }
      if (notice) await queueEmail(tx, notice, now);
      // Without the reason: that stays internal.
      await queueWebhook(
        tx,
        "customer_kyc_status_changed",
        { customer_id: id, email: customer.email, kyc_status: status, previous_kyc_status: customer.kycStatus },
        now,
      );
      return {
        kind: "status",
        change: { kycStatus: status },
        reason,
        action: "kyc_decision",
        event: "kyc_status_changed",
        before: { kyc_status: customer.kycStatus },
        // Which profile it was decided on, by the time of its last change: its values are in
        // customer_profile_changes, never in the audit log (docs/security.md, the hash chain).
        after: { kyc_status: status, profile_updated_at: customer.profileUpdatedAt?.toISOString() ?? null },
      };
    });
    if (decided) {
      if (notice) emailQueued(notice);
      return;
    }
  }
  throw invalidRequest("This account changed meanwhile: try again");
}
