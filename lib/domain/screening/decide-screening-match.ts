/**
 * Compliance's decision on a possible match (POST /api/admin/screening/matches/{id}): a true match or
 * a false positive, always with a reason (sealed on the match and in the audit entry, as staff's
 * other reasons about a customer). One transaction under the customer's row lock, so of two
 * decisions on one match one is recorded and the other is a 409; and a decision and a KYC verify take
 * turns. A true match against a sanctions entry sets sanctions_hit and blocks the account as a block
 * does (every session ends, logins refused); against a PEP entry it sets pep and the risk rating
 * high, without a block. Either goes to the KYC history (kyc_decisions) as a risk decision. Nothing
 * sent to the customer or their app names screening: the block's own event and webhook are a block's.
 */
import type { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/platform/errors/domain-error";
import { fields } from "@/lib/platform/validation/fields";
import { db } from "@/lib/platform/db";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { sealPersonalValue } from "@/lib/domain/audit/seal-personal-value";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import { lockCustomer } from "@/lib/domain/customer-accounts/lock-customer";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { complianceActionInput } from "@/lib/domain/customer-compliance/compliance-action";
import { BLOCK, blockInTransaction } from "@/lib/domain/customer-compliance/block-customer";

const DECISIONS = { true_match: "true_match", false_positive: "false_positive" } as const;

export const screeningDecisionInput = complianceActionInput.extend({ decision: fields.choice("Decision", DECISIONS) });
export type ScreeningDecisionInput = z.infer<typeof screeningDecisionInput>;

export async function decideScreeningMatch(
  id: number,
  input: ScreeningDecisionInput,
  actor: Actor & { staffId: number },
): Promise<void> {
  const { decision, reason } = input;
  const found = await db().screeningMatch.findUnique({ where: { id }, select: { customerId: true } });
  if (!found) throw notFound("No such match");
  const { customerId } = found;
  await auditedChange(actor, [], async (tx) => {
    await lockCustomer(tx, customerId);
    const now = new Date();
    const sealed = await sealPersonalValue(tx, customerId, reason);
    const { count } = await tx.screeningMatch.updateMany({
      where: { id, status: "open" },
      data: { status: decision, reason: sealed, decidedById: actor.staffId, decidedAt: now },
    });
    if (count === 0) {
      throw conflict("decision", "already_decided", "This match was decided meanwhile: look at it again");
    }
    const effects =
      decision === "true_match" ? await applyTrueMatch(tx, id, customerId, reason, actor, sealed, now) : {};
    return {
      result: undefined,
      audit: {
        action: "screening_decision",
        resource: "screening_matches",
        resourceId: id,
        before: { status: "open" },
        after: { status: decision, customer_id: customerId, reason: sealed, ...effects },
      },
    };
  });
}

/** What a true match does to the customer, by the entry's topics; what it changed, for the audit entry. */
async function applyTrueMatch(
  tx: Prisma.TransactionClient,
  matchId: number,
  customerId: number,
  reason: string,
  actor: Actor & { staffId: number },
  sealed: Awaited<ReturnType<typeof sealPersonalValue>>,
  now: Date,
) {
  const { entry } = await tx.screeningMatch.findUniqueOrThrow({
    where: { id: matchId },
    select: { entry: { select: { topics: true } } },
  });
  const sanction = entry.topics.includes("sanction");
  const pep = entry.topics.includes("pep");
  const customer = await tx.customer.findUniqueOrThrow({ where: { id: customerId } });
  const email = customer.closedEmail ?? customer.email;
  const before = { risk_rating: customer.riskRating, pep: customer.pep, sanctions_hit: customer.sanctionsHit };
  const after = {
    risk_rating: pep ? ("high" as const) : customer.riskRating,
    pep: customer.pep || pep,
    sanctions_hit: customer.sanctionsHit || sanction,
  };
  if (sanction || pep) {
    await tx.customer.update({
      where: { id: customerId },
      data: {
        riskRating: after.risk_rating,
        pep: after.pep,
        sanctionsHit: after.sanctions_hit,
        reviewVersion: { increment: 1 },
      },
      select: { id: true },
    });
    await tx.kycDecision.create({
      data: {
        customerId,
        staffId: actor.staffId,
        kind: "risk",
        riskRating: after.risk_rating,
        pep: after.pep,
        sanctionsHit: after.sanctions_hit,
        reason,
        createdAt: now,
      },
      select: { id: true },
    });
    // An internal event: the customer's own export leaves risk assessments out.
    await recordEvent(
      tx,
      { type: "risk_rating_changed", outcome: "success", email, customerId, detail: { before, after } },
      now,
    );
  }
  const blocked = sanction && !customer.closedAt && (await blockInTransaction(tx, customerId, now));
  if (blocked) {
    // As a block by staff records itself; its webhook carries what any block's does, nothing of why.
    await recordEvent(tx, { type: BLOCK.event, outcome: "success", email, customerId }, now);
    await queueWebhook(tx, BLOCK.webhook, { customer_id: customerId, email }, now);
    await recordAudit(tx, actor, {
      action: BLOCK.name,
      resource: "customers",
      resourceId: customerId,
      before: { status: "active" },
      after: { status: "blocked", reason: sealed, screening_match_id: matchId },
    });
  }
  return { ...after, blocked };
}
