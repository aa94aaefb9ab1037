/** A logged-in customer's new password (POST /client/v1/change-password): the current one, checked, and a notice e-mail. */
import { fieldError, unauthenticated } from "@/lib/platform/errors/domain-error";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { oneStatement } from "@/lib/platform/db/one-statement";
import { composeNotice } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { checkPasswordStrength } from "@/lib/domain/passwords/check-password-strength";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { verifyPassword } from "@/lib/domain/passwords/verify-password";
import { refuse, releaseSteps } from "@/lib/domain/rate-limits/release-attempt";
import { check, customerLoginLimits } from "@/lib/domain/rate-limits/limits";
import type { Device } from "@/lib/domain/tokens/device";
import { endEmailTokens } from "@/lib/domain/tokens/end-email-tokens";
import { revokeOtherLiveLoginTokens } from "@/lib/domain/tokens/revoke-login-tokens";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { confirmCustomerSecondFactor } from "./customer-two-factor";
import { eventInsert, recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";

export type ChangeCustomerPasswordOptions = {
  /** The customer's login token of the call, live (`authenticateCustomer`). */
  login: CustomerLogin;
  /** Validated, the confirmation matching. */
  input: { current_password: string; password: string; code?: string };
  client: AuthenticatedClient;
  device: Device;
};

/**
 * Sets a new password for the customer behind `token` and ends every other session, keeping the
 * calling one. The new password must pass checkPasswordStrength. The current password is a guess
 * like a login's: each attempt counts against the account's login limit (customerLoginPerEmail)
 * before it is checked, and a right one gives its count back. With two-factor on, a current code
 * is needed as well (customer-two-factor.ts).
 *
 * The credentials version is raised, so every token obtained with the old password dies at once,
 * even one a login racing this change stores afterwards (see findLiveLoginToken); the calling token
 * moves to the new version in the same transaction. Only the version the current password was
 * checked against may be raised: of two changes at once, the second finds its token dead (401).
 */
export async function changeCustomerPassword({
  login,
  input,
  client,
  device,
}: ChangeCustomerPasswordOptions): Promise<void> {
  const { customer } = login;
  checkPasswordStrength(input.password, customer.email);
  const event = {
    type: "password_changed" as const,
    email: customer.email,
    customerId: customer.id,
    apiClientId: client.id,
    device,
  };

  // The code first: the password's attempt stays counted until the change is written.
  await confirmCustomerSecondFactor({ customer, code: input.code, device, event });
  const attempt = await check([customerLoginLimits(customer.email, device.ip).perEmail]);
  if (attempt.limited) await refuse(attempt, [eventInsert({ ...event, outcome: "rate_limited" })]);
  if (!(await verifyPassword(input.current_password, customer.passwordHash)).valid) {
    await recordEvent(db(), { ...event, outcome: "failure" });
    throw fieldError("current_password", "invalid", "The current password is incorrect");
  }

  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const notice = await composeNotice("password_changed", customer.email, await effectiveLocale(customer.locale), {
    when: now,
  });
  const credentialsVersion = customer.credentialsVersion + 1;
  await db().$transaction(async (tx) => {
    const changed = await tx.customer.updateMany({
      where: { id: customer.id, credentialsVersion: customer.credentialsVersion },
      // A link sent earlier (a reset would undo the change) dies with the old password.
      data: { passwordHash, credentialsVersion, ...endEmailTokens },
    });
    if (changed.count === 0) throw unauthenticated();
    await tx.loginToken.update({ where: { id: login.id }, data: { credentialsVersion } });
    await revokeOtherLiveLoginTokens(tx, customer, login.id, now);
    await queueEmail(tx, notice, now);
    await queueWebhook(
      tx,
      "customer_password_changed",
      { customer_id: customer.id, email: customer.email, reason: "changed" },
      now,
    );
    await tx.$executeRaw(oneStatement([...releaseSteps(attempt), eventInsert({ ...event, outcome: "success" }, now)]));
  });
  emailQueued(notice);
}
