/**
 * A customer confirming two-factor (POST /client/v1/me/mfa/totp/confirm `{code}`) with a code of
 * the pending secret: the secret becomes the one login asks for, the code's step counts as used,
 * and ten recovery codes are returned this once and stored hashed. The notice e-mail, the event and
 * the customer.mfa_enabled webhook go in the same transaction. A wrong code, or no enrolment started, is a 400 and changes nothing.
 * Each code counts against the account's totpConfirmPerAccount limit before it is checked (a right
 * one gives its count back), so guesses sent at once get no more checked than guesses sent in turn.
 * Turning two-factor on ends every other session of the customer, as a password change does: the
 * credentials version is raised (a login racing the confirmation gets a dead token) and the calling
 * session moves to the new one.
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import { composeNotice } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { check, totpConfirmLimit } from "@/lib/domain/rate-limits/limits";
import { refuse, release } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import { revokeOtherLiveLoginTokens } from "@/lib/domain/tokens/revoke-login-tokens";
import { newRecoveryCodes } from "@/lib/domain/two-factor/recovery-codes";
import { MAX_CODE_LENGTH, totpStep } from "@/lib/domain/two-factor/totp-code";
import { openTotpSecret } from "@/lib/domain/two-factor/totp-secret-box";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { wrongCode } from "./customer-two-factor";
import { alreadyOn } from "./enrol-customer-totp";
import { eventInsert, recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export type ConfirmCustomerTotpOptions = {
  login: CustomerLogin;
  input: { code: string };
  client: AuthenticatedClient;
  device: Device;
};

export async function confirmCustomerTotp({
  login,
  input,
  client,
  device,
}: ConfirmCustomerTotpOptions): Promise<{ recovery_codes: string[] }> {
  const { customer } = login;
  if (customer.totpEnabledAt) throw alreadyOn();
  const pending = customer.totpPendingSecretEncrypted;
  const secret = pending && openTotpSecret("customer", pending);
  if (!pending || !secret) throw invalidRequest("Start the two-factor set-up first");
  const event = {
    type: "mfa_enabled" as const,
    email: customer.email,
    customerId: customer.id,
    apiClientId: client.id,
    device,
  };
  const attempt = await check([totpConfirmLimit(customer.id)]);
  if (attempt.limited) await refuse(attempt, [eventInsert({ ...event, outcome: "rate_limited" })]);
  const step = input.code.length <= MAX_CODE_LENGTH ? await totpStep(secret, input.code.trim(), null) : null;
  if (step === null) {
    await recordEvent(db(), { ...event, outcome: "failure" });
    throw wrongCode();
  }

  const now = new Date();
  const { codes, hashes } = newRecoveryCodes();
  const notice = await composeNotice("mfa_enabled", customer.email, await effectiveLocale(customer.locale), {
    when: now,
  });
  const credentialsVersion = customer.credentialsVersion + 1;
  await db().$transaction(async (tx) => {
    // Only the enrolment and the credentials checked: of two confirmations at once one wins, and a
    // restart or a password change meanwhile stays (the code stays counted).
    const { count } = await tx.customer.updateMany({
      where: {
        id: customer.id,
        totpPendingSecretEncrypted: pending,
        totpEnabledAt: null,
        credentialsVersion: customer.credentialsVersion,
      },
      data: {
        totpSecretEncrypted: pending,
        totpPendingSecretEncrypted: null,
        totpEnabledAt: now,
        totpLastStep: step,
        credentialsVersion,
      },
    });
    if (count !== 1) throw wrongCode();
    await tx.loginToken.update({ where: { id: login.id }, data: { credentialsVersion } });
    await revokeOtherLiveLoginTokens(tx, customer, login.id, now);
    await tx.customerRecoveryCode.deleteMany({ where: { customerId: customer.id } });
    await tx.customerRecoveryCode.createMany({
      data: hashes.map((codeHash) => ({ customerId: customer.id, codeHash })),
    });
    await queueEmail(tx, notice, now);
    await recordEvent(tx, { ...event, outcome: "success" }, now);
    await queueWebhook(tx, "customer_mfa_enabled", { customer_id: customer.id, email: customer.email }, now);
  });
  await release(attempt);
  emailQueued(notice);
  return { recovery_codes: codes };
}
