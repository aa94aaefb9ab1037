/**
 * A spent refresh token presented again (docs/api.md, "Sessions"): within the grace it is answered
 * with the pair it was exchanged for (sealed in its row, rotate-refresh-token.ts), after it, it is
 * reuse, and its session ends (refresh-customer-session.ts). Sealed pairs are cleared once their
 * grace is over, by the background sweep (`clearExpiredSuccessors`) or the session's next refresh.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { sha256 } from "@/lib/platform/secrets";
import { openWithAuthSecret } from "@/lib/platform/auth-secret";
import { type SessionTokens, secondsUntil } from "./issue-session-tokens";

/** The seal's purpose: a successor pair opens under no other key. */
export const SUCCESSOR_PURPOSE = "refresh-token-successor";

/** The spent refresh token `refreshToken`, with its session and the customer's credentials version and address; null if it was never spent. */
export async function findSpentRefreshToken(refreshToken: string) {
  return db().spentRefreshToken.findUnique({
    where: { tokenHash: sha256(refreshToken) },
    include: { loginToken: { include: { customer: { select: { credentialsVersion: true, email: true } } } } },
  });
}

type SpentToken = NonNullable<Awaited<ReturnType<typeof findSpentRefreshToken>>>;

/**
 * The pair `spent` was exchanged for, while its grace lasts and that pair is still its session's
 * (not itself refreshed since); undefined otherwise.
 */
export function pairWithinGrace(spent: SpentToken, now = new Date()): SessionTokens | undefined {
  if (!spent.successor || !spent.successorExpiresAt || spent.successorExpiresAt <= now) return undefined;
  const opened = openWithAuthSecret(SUCCESSOR_PURPOSE, spent.successor);
  if (!opened) return undefined;
  const pair = JSON.parse(opened) as { token: string; refreshToken: string };
  const session = spent.loginToken;
  if (session.tokenHash !== sha256(pair.token) || session.refreshTokenHash !== sha256(pair.refreshToken))
    return undefined;
  return { token: pair.token, refreshToken: pair.refreshToken, expiresIn: secondsUntil(session.expiresAt, now) };
}

/**
 * Ends a session for good: the row is revoked (its access and refresh tokens with it) and its sealed
 * pairs cleared. True when it was live until now.
 */
export async function endSession(tx: Prisma.TransactionClient, loginTokenId: number, now = new Date()) {
  const { count } = await tx.loginToken.updateMany({
    where: { id: loginTokenId, revokedAt: null },
    data: { revokedAt: now },
  });
  await tx.spentRefreshToken.updateMany({
    where: { loginTokenId, successor: { not: null } },
    data: { successor: null, successorExpiresAt: null },
  });
  return count === 1;
}

/** Clears every sealed pair whose grace is over; how many. */
export async function clearExpiredSuccessors(now = new Date()): Promise<number> {
  const { count } = await db().spentRefreshToken.updateMany({
    where: { successorExpiresAt: { lte: now } },
    data: { successor: null, successorExpiresAt: null },
  });
  return count;
}
