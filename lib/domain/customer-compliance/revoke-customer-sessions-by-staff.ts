/** Signing a customer out everywhere from the back office (POST /api/admin/customers/{id}/revoke-sessions). */
import type { Actor } from "@/lib/domain/audit/record-audit";
import { endEmailTokens } from "@/lib/domain/tokens/end-email-tokens";
import { revokeLiveLoginTokens } from "@/lib/domain/tokens/revoke-login-tokens";
import { complianceAction, type ComplianceActionInput } from "./compliance-action";

/**
 * Revokes every live session of the customer, and every e-mail link (end-email-tokens.ts); how many
 * sessions it revoked (0 is not an error).
 */
export async function revokeCustomerSessionsByStaff(
  id: number,
  input: ComplianceActionInput,
  actor: Actor,
): Promise<{ revoked: number }> {
  return complianceAction(
    id,
    input,
    actor,
    { name: "revoke_sessions", event: "sessions_revoked_by_staff" },
    async (tx, customer, now) => {
      await tx.customer.update({ where: { id }, data: endEmailTokens });
      return { revoked: await revokeLiveLoginTokens(tx, customer, now) };
    },
  );
}
