/**
 * What makes a login token live, in one place: not revoked, not expired, and issued under the
 * customer's current credentials version. `isLiveLoginToken` judges one token read by its hash
 * (findLiveLoginToken); `liveLoginTokensOf` selects a customer's live tokens (their sessions).
 */
import type { Prisma } from "@/lib/generated/prisma/client";

type TokenState = { revokedAt: Date | null; expiresAt: Date; credentialsVersion: number };

export function isLiveLoginToken(token: TokenState, customerCredentialsVersion: number, now = new Date()): boolean {
  return !token.revokedAt && token.expiresAt > now && token.credentialsVersion === customerCredentialsVersion;
}

/** The same rule as a query: the live tokens of one customer, whose credentials are at `credentialsVersion`. */
export function liveLoginTokensOf(
  customer: { id: number; credentialsVersion: number },
  now = new Date(),
): Prisma.LoginTokenWhereInput {
  return {
    customerId: customer.id,
    revokedAt: null,
    expiresAt: { gt: now },
    credentialsVersion: customer.credentialsVersion,
  };
}
