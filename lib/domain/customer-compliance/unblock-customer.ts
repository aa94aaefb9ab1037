/** Unblocking a customer (POST /api/admin/customers/{id}/unblock): login and reset links work again. */
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { complianceAction, type ComplianceActionInput } from "./compliance-action";

/** Its name in the audit log, its account event and its webhook. */
const UNBLOCK = { name: "unblock", event: "unblocked", webhook: "customer_unblocked" } as const;

/** Lifts a block; the sessions the block ended stay ended. An account that is not blocked is refused. */
export async function unblockCustomer(id: number, input: ComplianceActionInput, actor: Actor): Promise<void> {
  await complianceAction(id, input, actor, UNBLOCK, async (tx) => {
    const { count } = await tx.customer.updateMany({
      where: { id, blockedAt: { not: null } },
      data: { blockedAt: null },
    });
    if (count === 0) throw invalidRequest("This account is not blocked");
    return {};
  });
}
