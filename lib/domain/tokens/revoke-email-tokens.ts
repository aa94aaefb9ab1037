/** Revoking a customer's unused e-mail tokens of one purpose, so earlier links stop working. */
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TokenPurpose } from "@/lib/generated/prisma/enums";

export async function revokeEmailTokens(
  tx: Prisma.TransactionClient,
  customerId: number,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<void> {
  await tx.emailToken.updateMany({
    where: { customerId, purpose, usedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
}
