/**
 * The right password of an account with two-factor on (login-customer.ts): no login token yet, but
 * an mfa_token with which POST /client/v1/login/mfa finishes the login (complete-customer-login.ts).
 * It is stored as its hash, bound to the API client and to the credentials version the password
 * was checked under, lives MFA_TOKEN_TTL_SECONDS, and the password's attempt is given back as a
 * successful login's is: the code is counted on its own.
 */
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { type DomainError, secondFactorRequired } from "@/lib/platform/errors/domain-error";
import { countLogin } from "@/lib/platform/runtime/metrics";
import type { Attempt } from "@/lib/domain/rate-limits/count-attempt";
import { release } from "@/lib/domain/rate-limits/release-attempt";
import { newToken } from "@/lib/domain/tokens/new-token";

export type ChallengeCustomerLoginOptions = {
  account: { id: number; credentials_version: number };
  apiClientId: number;
  attempt: Attempt;
};

/** Stores a new mfa_token and returns the `mfa_required` error that carries it, for the login to throw. */
export async function challengeCustomerLogin({
  account,
  apiClientId,
  attempt,
}: ChallengeCustomerLoginOptions): Promise<DomainError> {
  const { token, tokenHash } = newToken();
  const now = new Date();
  // The account's spent and expired ones go as a new one comes, so the table holds only live logins.
  await db().customerMfaToken.deleteMany({
    where: { customerId: account.id, OR: [{ usedAt: { not: null } }, { expiresAt: { lte: now } }] },
  });
  await db().customerMfaToken.create({
    data: {
      tokenHash,
      customerId: account.id,
      apiClientId,
      credentialsVersion: account.credentials_version,
      createdAt: now,
      expiresAt: new Date(now.getTime() + config().MFA_TOKEN_TTL_SECONDS * 1000),
    },
    select: { id: true },
  });
  await release(attempt);
  countLogin("mfa_required");
  return secondFactorRequired(token);
}
