/**
 * What makes a login token live, in one place. A login_tokens row is a session: its access token
 * works while the row is not revoked, the access token has not expired, and the customer's
 * credentials are at the version it was issued under (`isLiveLoginToken`, for a token read by its
 * hash). The session itself lives on past its access token while it can still be refreshed: within
 * its idle limit (SESSION_IDLE_DAYS since the last refresh, or the login) and its absolute limit
 * (SESSION_MAX_DAYS since the login). `liveLoginTokensOf` selects a customer's live sessions (the
 * ones listed, and ended by a sign-out); `refreshableSessionCutoffs` gives the limits as instants.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";

type TokenState = { revokedAt: Date | null; expiresAt: Date; credentialsVersion: number };

const DAY_MS = 24 * 60 * 60 * 1000;

export function isLiveLoginToken(token: TokenState, customerCredentialsVersion: number, now = new Date()): boolean {
  return !token.revokedAt && token.expiresAt > now && token.credentialsVersion === customerCredentialsVersion;
}

/** A session can be refreshed while it started after `startedAfter` and was last refreshed (or started) after `activeAfter`. */
export function refreshableSessionCutoffs(now = new Date()): { startedAfter: Date; activeAfter: Date } {
  const { SESSION_IDLE_DAYS, SESSION_MAX_DAYS } = config();
  return {
    startedAfter: new Date(now.getTime() - SESSION_MAX_DAYS * DAY_MS),
    activeAfter: new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS),
  };
}

/** The same rule on a session already read: whether it can still be refreshed (revocation and credentials aside). */
export function isRefreshable(session: { createdAt: Date; refreshedAt: Date | null }, now = new Date()): boolean {
  const { startedAfter, activeAfter } = refreshableSessionCutoffs(now);
  return session.createdAt > startedAfter && (session.refreshedAt ?? session.createdAt) > activeAfter;
}

/** The live sessions of one customer, whose credentials are at `credentialsVersion`: a working access token, or a refresh token that still works. */
export function liveLoginTokensOf(
  customer: { id: number; credentialsVersion: number },
  now = new Date(),
): Prisma.LoginTokenWhereInput {
  const { startedAfter, activeAfter } = refreshableSessionCutoffs(now);
  return {
    customerId: customer.id,
    revokedAt: null,
    credentialsVersion: customer.credentialsVersion,
    OR: [
      { expiresAt: { gt: now } },
      {
        refreshTokenHash: { not: null },
        createdAt: { gt: startedAfter },
        OR: [{ refreshedAt: { gt: activeAfter } }, { refreshedAt: null, createdAt: { gt: activeAfter } }],
      },
    ],
  };
}
