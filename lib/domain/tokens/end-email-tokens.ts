/**
 * The one rule of e-mail links: every outstanding e-mail token of a customer (verify_email,
 * change_email, reset_password) dies with every security event on the account: a password reset
 * or change, an e-mail change taking effect, a block, a staff sign-out everywhere, a close.
 *
 * Each event raises the account's security version (spread `endEmailTokens` into the update that
 * makes the event); each token records the version it was issued under, and consumeEmailToken, the
 * one way to use a token, refuses it once they differ. A version rather than revoking the rows in
 * each event: the check cannot be skipped by a new use or a new purpose, and a link being issued
 * while an event commits (a forgot-password racing a password change) carries the version read
 * before the event and dies with it, where a revocation cannot reach a row inserted after it ran.
 */
import type { Prisma } from "@/lib/generated/prisma/client";

export const endEmailTokens = {
  securityVersion: { increment: 1 },
} as const satisfies Prisma.CustomerUpdateManyMutationInput;

type IssuedToken = { customerId: number; securityVersion: number };
type Account = { securityVersion: number; blockedAt: Date | null; closedAt: Date | null };

/** The account a token was issued for, while the token can act on it: open, not blocked, at its version. */
export function accountOfUsableToken(token: IssuedToken) {
  return {
    id: token.customerId,
    securityVersion: token.securityVersion,
    blockedAt: null,
    closedAt: null,
  } as const satisfies Prisma.CustomerWhereInput;
}

/** The same rule on an account already read: whether `token` may still act on `account`. */
export function tokenCanActOn(token: IssuedToken, account: Account): boolean {
  return account.securityVersion === token.securityVersion && !account.blockedAt && !account.closedAt;
}
