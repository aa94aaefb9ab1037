/**
 * Compliance or an admin lifting a customer's payment-approval lock (POST
 * /api/admin/customers/{id}/authorisations/lift-lock `{reason}`), say once the customer has been
 * reached: the lock and its count cleared, the account event and the audit entry with the reason in
 * one transaction. 400 when approvals are not locked (nothing is recorded then).
 */
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { complianceAction, type ComplianceActionInput } from "@/lib/domain/customer-compliance/compliance-action";

export async function liftScaLock(id: number, input: ComplianceActionInput, actor: Actor): Promise<void> {
  await complianceAction(
    id,
    input,
    actor,
    { name: "lift_sca_lock", event: "sca_lock_lifted_by_staff" },
    async (tx, _customer, now) => {
      const { count } = await tx.customer.updateMany({
        where: { id, scaLockedUntil: { gt: now } },
        data: { scaLockedUntil: null, scaFailures: 0 },
      });
      if (count !== 1) throw invalidRequest("This customer's payment approvals are not locked");
      return { lifted: true };
    },
  );
}
