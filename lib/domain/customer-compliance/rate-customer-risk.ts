/**
 * A risk assessment by compliance or an admin (POST /api/admin/customers/{id}/risk): the rating,
 * whether the customer is a politically exposed person, whether screening found a sanctions hit,
 * always with a reason. A re-assessment that keeps every value is recorded as well: the history
 * shows when the customer was last assessed. Nothing is e-mailed.
 */
import type { z } from "zod";
import { RiskRating } from "@/lib/generated/prisma/enums";
import { fields } from "@/lib/platform/validation/fields";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { complianceActionInput } from "./compliance-action";
import { recordReviewDecision, reviewViewInput } from "./kyc-review";

export const riskDecisionInput = complianceActionInput.extend({
  risk_rating: fields.choice("Risk rating", RiskRating),
  pep: fields.flag("PEP"),
  sanctions_hit: fields.flag("Sanctions hit"),
  ...reviewViewInput.shape,
});
export type RiskDecisionInput = z.infer<typeof riskDecisionInput>;

/** Rates customer `id`'s risk on the profile and review the reviewer was shown (409 when they changed); a 400 when the account is closed. */
export async function rateCustomerRisk(id: number, input: RiskDecisionInput, actor: Actor): Promise<void> {
  const { risk_rating: riskRating, pep, sanctions_hit: sanctionsHit, reason, ...view } = input;
  await recordReviewDecision(id, actor, view, async (_tx, customer) => ({
    kind: "risk",
    change: { riskRating, pep, sanctionsHit },
    reason,
    action: "risk_decision",
    event: "risk_rating_changed",
    before: { risk_rating: customer.riskRating, pep: customer.pep, sanctions_hit: customer.sanctionsHit },
    after: { risk_rating: riskRating, pep, sanctions_hit: sanctionsHit },
  }));
}
