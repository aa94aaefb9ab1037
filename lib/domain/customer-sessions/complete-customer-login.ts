/**
 * The second step of a login with two-factor on (POST /client/v1/login/mfa `{mfa_token, code}`):
 * the mfa_token the right password earned (challenge-customer-login.ts) and a TOTP code or a
 * recovery code. Each code counts against the account's login limits like a password (a right one
 * gives its count back) and takes one of the token's MFA_TOKEN_MAX_CODES tries before it is
 * checked, by one UPDATE, so however many guesses arrive at once no more than that are checked; a
 * right code spends the token. The session is then started as login starts it (issueCustomerLogin).
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { unauthenticated } from "@/lib/platform/errors/domain-error";
import { countLogin } from "@/lib/platform/runtime/metrics";
import { sha256 } from "@/lib/platform/secrets";
import { countAttempt } from "@/lib/domain/rate-limits/count-attempt";
import { customerLoginLimits } from "@/lib/domain/rate-limits/limits";
import { refuse, release } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import { acceptCustomerSecondFactor, refusedCode } from "@/lib/domain/customer-credentials/customer-two-factor";
import type { SessionTokens } from "@/lib/domain/tokens/issue-session-tokens";
import { issueCustomerLogin } from "./issue-customer-login";
import { eventInsert, recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

/** Codes one mfa_token may be tried with: at this many it is dead. */
export const MFA_TOKEN_MAX_CODES = 5;

export type CompleteCustomerLoginOptions = {
  input: { mfa_token: string; code: string };
  client: AuthenticatedClient;
  device: Device;
};

const deadToken = () =>
  unauthenticated("This mfa_token is invalid, expired, used or has had too many wrong codes: log in again");

export async function completeCustomerLogin({
  input,
  client,
  device,
}: CompleteCustomerLoginOptions): Promise<SessionTokens> {
  const now = new Date();
  const found = await db().customerMfaToken.findUnique({
    where: { tokenHash: sha256(input.mfa_token) },
    include: { customer: true },
  });
  if (!found || found.apiClientId !== client.id || found.expiresAt <= now || found.usedAt) throw deadToken();
  const { customer } = found;
  const event = { email: customer.email, customerId: customer.id, apiClientId: client.id, device };

  const attempt = await countAttempt(Object.values(customerLoginLimits(customer.email, device.ip)));
  if (attempt.limited) {
    countLogin("rate_limited");
    await refuse(attempt, [eventInsert({ ...event, type: "login_mfa_failed", outcome: "rate_limited" })]);
  }
  // One of the token's tries, taken before the code is checked.
  const { count: tried } = await db().customerMfaToken.updateMany({
    where: { id: found.id, usedAt: null, attempts: { lt: MFA_TOKEN_MAX_CODES }, expiresAt: { gt: now } },
    data: { attempts: { increment: 1 } },
  });
  // A password changed, a block or a close since the password was checked ends the token too.
  const current = !customer.blockedAt && !customer.closedAt && customer.credentialsVersion === found.credentialsVersion;
  if (tried !== 1 || !current) {
    await release(attempt);
    throw deadToken();
  }

  if (!(await acceptCustomerSecondFactor(customer, input.code, { apiClientId: client.id, device }))) {
    countLogin("failure");
    await recordEvent(db(), { ...event, type: "login_mfa_failed", outcome: "failure" });
    throw await refusedCode(customer, input.code);
  }
  // Spent: of two right codes at once, one logs in.
  const { count: spent } = await db().customerMfaToken.updateMany({
    where: { id: found.id, usedAt: null },
    data: { usedAt: now },
  });
  if (spent !== 1) {
    await release(attempt);
    throw deadToken();
  }
  return issueCustomerLogin({ customer, client, device, attempt });
}
