/** Ending sessions: one login token, or every one of a customer's. */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";

export async function revokeLoginToken(id: number, now = new Date()): Promise<void> {
  await db().loginToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
}

export async function revokeAllLoginTokens(tx: Prisma.TransactionClient, customerId: number, now = new Date()) {
  await tx.loginToken.updateMany({ where: { customerId, revokedAt: null }, data: { revokedAt: now } });
}
