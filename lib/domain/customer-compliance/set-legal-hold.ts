/**
 * Setting or lifting a customer's legal hold (POST /api/admin/customers/{id}/legal-hold
 * `{ hold, reason }`, compliance and admin): while `customers.legal_hold_since` is set, retention
 * leaves the account's data alone. Open, blocked or closed accounts alike (a closed one is where it
 * matters). The change, its audit entry (`legal_hold`, ids and facts, and the reason sealed under the
 * customer's audit key: never the customer's address) and the account event (`legal_hold_set`,
 * `legal_hold_lifted`, for the customer's page; never in the customer's own export) are one
 * transaction under the customer's row lock, so concurrent requests take turns and
 * each actual change has one entry; asking for the state the account is already in changes nothing
 * and writes nothing.
 */
import { z } from "zod";
import { notFound } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { sealPersonalValue } from "@/lib/domain/audit/seal-personal-value";
import { complianceActionInput } from "./compliance-action";
import { lockCustomer } from "@/lib/domain/customer-accounts/lock-customer";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export const legalHoldInput = complianceActionInput.extend({
  // JSON true or false only: "true", 1 or null are not a decision to keep someone's data.
  hold: z.boolean({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? "Hold is required" : "Hold must be true or false",
  }),
});
export type LegalHoldInput = z.infer<typeof legalHoldInput>;

/** The hold as it stands after the request; `changed` false when it was already so. */
export type LegalHoldState = { id: number; legal_hold: boolean; legal_hold_since: string | null; changed: boolean };

/** The hold as the audit entry records it. */
const holdFacts = (since: Date | null) => ({ legal_hold: since !== null, since: since?.toISOString() ?? null });

export async function setLegalHold(
  id: number,
  { hold, reason }: LegalHoldInput,
  actor: Actor,
): Promise<LegalHoldState> {
  return auditedChange<LegalHoldState>(actor, [], async (tx) => {
    if (!(await lockCustomer(tx, id))) throw notFound("No such customer");
    const { legalHoldSince: before, email } = await tx.customer.findUniqueOrThrow({
      where: { id },
      select: { legalHoldSince: true, email: true },
    });
    if (hold === (before !== null)) {
      return { result: { id, legal_hold: hold, legal_hold_since: before?.toISOString() ?? null, changed: false } };
    }
    const after = hold ? new Date() : null;
    await tx.customer.update({ where: { id }, data: { legalHoldSince: after }, select: { id: true } });
    const type = hold ? "legal_hold_set" : "legal_hold_lifted";
    await recordEvent(tx, { type, outcome: "success", email, customerId: id }, after ?? new Date());
    return {
      result: { id, legal_hold: hold, legal_hold_since: after?.toISOString() ?? null, changed: true },
      audit: {
        action: "legal_hold",
        resource: "customers",
        resourceId: id,
        before: holdFacts(before),
        after: { ...holdFacts(after), reason: await sealPersonalValue(tx, id, reason) },
      },
    };
  });
}
