/** Blocking a customer (POST /api/admin/customers/{id}/block): no login, no reset link, until unblocked. */
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { endEmailTokens } from "@/lib/domain/tokens/end-email-tokens";
import { revokeAllLoginTokens } from "@/lib/domain/tokens/revoke-login-tokens";
import { complianceAction, type ComplianceActionInput } from "./compliance-action";

/** Its name in the audit log, its account event and its webhook. */
const BLOCK = { name: "block", event: "blocked", webhook: "customer_blocked" } as const;

/**
 * Blocks the account and ends every session at once: a new credentials version kills every login
 * token, including one a login that read the account just before is about to issue (as a password
 * reset does); every e-mail link dies too (end-email-tokens.ts). From then on login answers 403 (login-customer.ts) and forgot-password sends
 * nothing (request-password-reset.ts). A closed or already blocked account is refused.
 */
export async function blockCustomer(id: number, input: ComplianceActionInput, actor: Actor): Promise<void> {
  await complianceAction(id, input, actor, BLOCK, async (tx, customer, now) => {
    if (customer.closedAt) throw invalidRequest("This account is closed");
    const { count } = await tx.customer.updateMany({
      where: { id, blockedAt: null },
      data: { blockedAt: now, credentialsVersion: { increment: 1 }, ...endEmailTokens },
    });
    if (count === 0) throw invalidRequest("This account is already blocked");
    await revokeAllLoginTokens(tx, id, now);
    return {};
  });
}
