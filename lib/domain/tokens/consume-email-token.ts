/** Using an e-mail token up: once, however many requests present it at the same time. */
import type { Prisma } from "@/lib/generated/prisma/client";
import { accountOfUsableToken } from "./end-email-tokens";

type ConsumedToken = { id: number; customerId: number; securityVersion: number };

/**
 * Marks the token used, atomically: of two requests racing with the same token, exactly one gets
 * true; false too once a security event ended it (end-email-tokens.ts) or the account is blocked
 * or closed. Call inside the transaction that does what the token allows.
 *
 * The account's row is locked first, under its version: a security event committing meanwhile is
 * waited for and seen (the UPDATE re-reads the row), and one starting later waits for this use to
 * commit. Every flow that takes both locks takes the account's first.
 */
export async function consumeEmailToken(
  tx: Prisma.TransactionClient,
  token: ConsumedToken,
  now = new Date(),
): Promise<boolean> {
  const account = await tx.customer.updateMany({
    where: accountOfUsableToken(token),
    data: { securityVersion: token.securityVersion },
  });
  if (account.count !== 1) return false;
  const { count } = await tx.emailToken.updateMany({
    where: { id: token.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1;
}
