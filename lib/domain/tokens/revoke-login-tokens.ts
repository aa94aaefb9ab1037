/** Ending sessions: one login token, one live session of a customer, all but the one asking, or every one. */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { liveLoginTokensOf } from "./live-login-token";

type CustomerCredentials = { id: number; credentialsVersion: number };

export async function revokeLoginToken(id: number, now = new Date()): Promise<void> {
  await db().loginToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
}

/** Revokes the customer's live login token `id`; false when `id` is not one (revoked, expired, someone else's). */
export async function revokeLiveLoginToken(
  tx: Prisma.TransactionClient,
  customer: CustomerCredentials,
  id: number,
  now = new Date(),
): Promise<boolean> {
  const { count } = await tx.loginToken.updateMany({
    where: { ...liveLoginTokensOf(customer, now), id },
    data: { revokedAt: now },
  });
  return count === 1;
}

/** Revokes every live login token of the customer but `keptId`; how many it revoked. */
export async function revokeOtherLiveLoginTokens(
  tx: Prisma.TransactionClient,
  customer: CustomerCredentials,
  keptId: number,
  now = new Date(),
): Promise<number> {
  const { count } = await tx.loginToken.updateMany({
    where: { ...liveLoginTokensOf(customer, now), id: { not: keptId } },
    data: { revokedAt: now },
  });
  return count;
}

/** Revokes every live login token of the customer; how many it revoked. */
export async function revokeLiveLoginTokens(
  tx: Prisma.TransactionClient,
  customer: CustomerCredentials,
  now = new Date(),
): Promise<number> {
  const { count } = await tx.loginToken.updateMany({
    where: liveLoginTokensOf(customer, now),
    data: { revokedAt: now },
  });
  return count;
}

export async function revokeAllLoginTokens(tx: Prisma.TransactionClient, customerId: number, now = new Date()) {
  await tx.loginToken.updateMany({ where: { customerId, revokedAt: null }, data: { revokedAt: now } });
}
