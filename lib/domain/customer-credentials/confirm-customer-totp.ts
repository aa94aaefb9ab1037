/**
 * A customer confirming two-factor (POST /client/v1/me/mfa/totp/confirm `{code}`) with a code of
 * the pending secret: the secret becomes the one login asks for, the code's step counts as used,
 * and ten recovery codes are returned this once and stored hashed. The notice e-mail, the event and
 * the customer.mfa_enabled webhook go in the same transaction. A wrong code, or no enrolment started, is a 400 and changes nothing.
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import { composeNotice } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import type { Device } from "@/lib/domain/tokens/device";
import { newRecoveryCodes } from "@/lib/domain/two-factor/recovery-codes";
import { MAX_CODE_LENGTH, totpStep } from "@/lib/domain/two-factor/totp-code";
import { openTotpSecret } from "@/lib/domain/two-factor/totp-secret-box";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { wrongCode } from "./customer-two-factor";
import { alreadyOn } from "./enrol-customer-totp";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

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
  const step = input.code.length <= MAX_CODE_LENGTH ? await totpStep(secret, input.code.trim(), null) : null;
  if (step === null) throw wrongCode();

  const now = new Date();
  const { codes, hashes } = newRecoveryCodes();
  const notice = await composeNotice("mfa_enabled", customer.email, await effectiveLocale(customer.locale), {
    when: now,
  });
  await db().$transaction(async (tx) => {
    // Only the enrolment checked: of two confirmations at once one wins, and a restart meanwhile stays.
    const { count } = await tx.customer.updateMany({
      where: { id: customer.id, totpPendingSecretEncrypted: pending, totpEnabledAt: null },
      data: { totpSecretEncrypted: pending, totpPendingSecretEncrypted: null, totpEnabledAt: now, totpLastStep: step },
    });
    if (count !== 1) throw wrongCode();
    await tx.customerRecoveryCode.deleteMany({ where: { customerId: customer.id } });
    await tx.customerRecoveryCode.createMany({
      data: hashes.map((codeHash) => ({ customerId: customer.id, codeHash })),
    });
    await queueEmail(tx, notice, now);
    await recordEvent(
      tx,
      {
        type: "mfa_enabled",
        outcome: "success",
        email: customer.email,
        customerId: customer.id,
        apiClientId: client.id,
        device,
      },
      now,
    );
    await queueWebhook(tx, "customer_mfa_enabled", { customer_id: customer.id, email: customer.email }, now);
  });
  emailQueued(notice);
  return { recovery_codes: codes };
}
