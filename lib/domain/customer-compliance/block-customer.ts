/** Blocking a customer (POST /api/admin/customers/{id}/block): no login, no reset link, until unblocked. */
import type { Prisma } from "@/lib/generated/prisma/client";
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { endEmailTokens } from "@/lib/domain/tokens/end-email-tokens";
import { revokeAllLoginTokens } from "@/lib/domain/tokens/revoke-login-tokens";
import { complianceAction, type ComplianceActionInput } from "./compliance-action";

/** Its name in the audit log, its account event and its webhook. */
export const BLOCK = { name: "block", event: "blocked", webhook: "customer_blocked" } as const;

/**
 * Blocks the account and ends every session at once: a new credentials version kills every login
 * token, including one a login that read the account just before is about to issue (as a password
 * reset does); every e-mail link dies too (end-email-tokens.ts). From then on login answers 403 (login-customer.ts) and forgot-password sends
 * nothing (request-password-reset.ts). A closed or already blocked account is refused.
 */
export async function blockCustomer(id: number, input: ComplianceActionInput, actor: Actor): Promise<void> {
  await complianceAction(id, input, actor, BLOCK, async (tx, customer, now) => {
    if (customer.closedAt) throw invalidRequest("This account is closed");
    if (!(await blockInTransaction(tx, id, now))) throw invalidRequest("This account is already blocked");
    return {};
  });
}

/**
 * The block itself, in the caller's transaction `tx` (a block by staff, a true sanctions match):
 * every session and e-mail link ends. False when the account was blocked already.
 */
export async function blockInTransaction(tx: Prisma.TransactionClient, id: number, now: Date): Promise<boolean> {
  const { count } = await tx.customer.updateMany({
    where: { id, blockedAt: null },
    data: { blockedAt: now, credentialsVersion: { increment: 1 }, ...endEmailTokens },
  });
  if (count === 0) return false;
  await revokeAllLoginTokens(tx, id, now);
  return true;
}
