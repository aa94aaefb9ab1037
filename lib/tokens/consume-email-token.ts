/** Using an e-mail token up: once, however many requests present it at the same time. */
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Marks the token used, atomically: of two requests racing with the same token, exactly one gets
 * true. Call inside the transaction that does what the token allows.
 */
export async function consumeEmailToken(tx: Prisma.TransactionClient, id: number, now = new Date()): Promise<boolean> {
  const { count } = await tx.emailToken.updateMany({
    where: { id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1;
}
