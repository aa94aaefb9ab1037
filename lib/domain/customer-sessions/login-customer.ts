/** A customer's login with e-mail and password (POST /client/v1/login): a session's tokens, or a refusal. */
import { forbidden, unauthenticated } from "@/lib/platform/errors/domain-error";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { countLogin } from "@/lib/platform/runtime/metrics";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { verifyPassword } from "@/lib/domain/passwords/verify-password";
import { countAttemptWith } from "@/lib/domain/rate-limits/count-attempt";
import { refuse } from "@/lib/domain/rate-limits/release-attempt";
import { customerLoginLimits } from "@/lib/domain/rate-limits/limits";
import type { SessionTokens } from "@/lib/domain/tokens/issue-session-tokens";
import type { Device } from "@/lib/domain/tokens/device";
import { identifiesDevice } from "@/lib/domain/customer-accounts/customer-devices";
import { eventInsert, recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { challengeCustomerLogin } from "./challenge-customer-login";
import { issueCustomerLogin } from "./issue-customer-login";

export type LoginCustomerOptions = {
  input: { email: string; password: string };
  client: AuthenticatedClient;
  device: Device;
};

const INCORRECT = "Incorrect e-mail address or password";
const BLOCKED = "This account is blocked. Please contact customer support.";

/**
 * The account an attempt is for, read in the statement that counts the attempt, and whether it is
 * known to have used the device (true when the device has no fingerprint to tell it by).
 */
type Account = {
  id: number;
  password_hash: string;
  credentials_version: number;
  locale: string | null;
  blocked: boolean;
  known_device: boolean;
  /** Two-factor on: the right password earns an mfa_token, not a login token (challenge-customer-login.ts). */
  mfa: boolean;
};

/**
 * Checks the e-mail and password and starts a session (issue-session-tokens.ts). Unknown e-mail and wrong password
 * answer alike, in comparable time. Every attempt is counted against the per-e-mail and per-IP
 * limits before its password is checked; a successful one takes its count back, so the limits
 * are on failures. A login from a device the account never registered or logged in with is
 * remembered and alerts the customer by e-mail (customer-devices.ts): whether the device is known
 * is read with the account, and the alert queued in the login's statement, so a login is still two
 * statements. A blocked account (block-customer.ts) is refused whatever the password, so that the
 * refusal tells nothing about it. With two-factor on, the right password earns no token but an
 * mfa_token for POST /client/v1/login/mfa (challenge-customer-login.ts).
 */
export async function loginCustomer({ input, client, device }: LoginCustomerOptions): Promise<SessionTokens> {
  const event = { type: "login" as const, email: input.email, apiClientId: client.id, device };

  // The attempt is counted and the account read in one round trip to the database.
  const { attempt, row: account } = await countAttemptWith<Account>(
    Object.values(customerLoginLimits(input.email, device.ip)),
    Prisma.sql`SELECT id, password_hash, credentials_version, locale, blocked_at IS NOT NULL AS blocked, totp_enabled_at IS NOT NULL AS mfa, ${
      identifiesDevice(device)
        ? Prisma.sql`EXISTS (SELECT 1 FROM customer_devices WHERE customer_id = customers.id AND fingerprint = ${device.fingerprint})`
        : Prisma.sql`true`
    } AS known_device FROM customers WHERE email = ${input.email}`,
  );
  if (attempt.limited) {
    countLogin("rate_limited");
    await refuse(attempt, [eventInsert({ ...event, outcome: "rate_limited" })]);
  }
  if (account?.blocked) {
    countLogin("blocked");
    // Counted as a failure, and refused before the password is checked.
    await recordEvent(db(), { ...event, type: "login_failed", outcome: "failure", customerId: account.id });
    throw forbidden(BLOCKED);
  }

  const verification = await verifyPassword(input.password, account?.password_hash);
  if (!account || !verification.valid) {
    countLogin("failure");
    await recordEvent(db(), { ...event, type: "login_failed", outcome: "failure", customerId: account?.id });
    throw unauthenticated(INCORRECT);
  }

  if (verification.needsRehash) {
    // Its own write, and only over the hash just verified: a password changed meanwhile stays changed.
    await db().customer.updateMany({
      where: { id: account.id, passwordHash: account.password_hash },
      data: { passwordHash: await hashPassword(input.password) },
    });
  }
  if (account.mfa) throw await challengeCustomerLogin({ account, apiClientId: client.id, attempt });
  return issueCustomerLogin({
    customer: {
      id: account.id,
      email: input.email,
      locale: account.locale,
      credentialsVersion: account.credentials_version,
    },
    client,
    device,
    attempt,
    knownDevice: account.known_device,
  });
}
