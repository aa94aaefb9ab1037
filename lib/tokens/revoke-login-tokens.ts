/** Ending sessions: one login token, every one of a customer's, or all but the one asking. */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";

export async function revokeLoginToken(id: number, now = new Date()): Promise<void> {
  await db().loginToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
}

export async function revokeAllLoginTokens(tx: Prisma.TransactionClient, customerId: number, now = new Date()) {
  await tx.loginToken.updateMany({ where: { customerId, revokedAt: null }, data: { revokedAt: now } });
}

/** Every one of a customer's sessions but `keptId` (the one asking). */
export async function revokeOtherLoginTokens(
  tx: Prisma.TransactionClient,
  customerId: number,
  keptId: number,
  now = new Date(),
) {
  await tx.loginToken.updateMany({
    where: { customerId, revokedAt: null, id: { not: keptId } },
    data: { revokedAt: now },
  });
}
