/**
 * A staff member's "forgot password" link: a single-use token valid 1 hour, of which only the
 * SHA-256 is stored (staff_password_tokens). Used up atomically: of two requests presenting the
 * same token at once, exactly one gets it.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { sha256 } from "@/lib/platform/secrets";

export const STAFF_RESET_LIFETIME_MS = 60 * 60 * 1000;

/** Stores a new token's hash for `staffId` within the transaction `tx`. */
export async function createStaffPasswordToken(
  tx: Prisma.TransactionClient,
  staffId: number,
  tokenHash: string,
  now = new Date(),
): Promise<void> {
  await tx.staffPasswordToken.create({
    data: { staffId, tokenHash, createdAt: now, expiresAt: new Date(now.getTime() + STAFF_RESET_LIFETIME_MS) },
    select: { id: true },
  });
}

/** The unused, unexpired token `token` and its staff member, or null. */
export async function findUsableStaffPasswordToken(token: string, now = new Date()) {
  return db().staffPasswordToken.findFirst({
    where: { tokenHash: sha256(token), usedAt: null, expiresAt: { gt: now } },
    include: { staff: true },
  });
}

/** Marks the token used, atomically: true only for the one request that found it unused. Call inside the transaction that uses it. */
export async function consumeStaffPasswordToken(tx: Prisma.TransactionClient, id: number, now = new Date()) {
  const { count } = await tx.staffPasswordToken.updateMany({
    where: { id, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1;
}

/** Ends every unused token of `staffId`: its password changed, an older link must not change it back. */
export async function endStaffPasswordTokens(tx: Prisma.TransactionClient, staffId: number, now = new Date()) {
  await tx.staffPasswordToken.updateMany({ where: { staffId, usedAt: null }, data: { usedAt: now } });
}
