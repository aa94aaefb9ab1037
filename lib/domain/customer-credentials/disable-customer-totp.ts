/**
 * A customer turning two-factor off (POST /client/v1/me/mfa/totp/disable `{password, code}`): the
 * password and a current code (or a recovery code), each counted like a login's; then the secret
 * and the recovery codes go, with the notice e-mail, the event and the customer.mfa_disabled webhook
 * in one transaction.
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import { composeNotice } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import type { Device } from "@/lib/domain/tokens/device";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { stepUpCustomer } from "./step-up-customer";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { turnOffCustomerTwoFactor } from "./customer-two-factor";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export type DisableCustomerTotpOptions = {
  login: CustomerLogin;
  input: { password: string; code?: string };
  client: AuthenticatedClient;
  device: Device;
};

const alreadyOff = () => invalidRequest("Two-factor is off");

export async function disableCustomerTotp({ login, input, client, device }: DisableCustomerTotpOptions): Promise<void> {
  const { customer } = login;
  if (!customer.totpEnabledAt) throw alreadyOff();
  const event = await stepUpCustomer({ customer, input, apiClientId: client.id, device, type: "mfa_disabled" });

  const now = new Date();
  const notice = await composeNotice("mfa_disabled", customer.email, await effectiveLocale(customer.locale), {
    when: now,
  });
  await db().$transaction(async (tx) => {
    if (!(await turnOffCustomerTwoFactor(tx, customer))) throw alreadyOff();
    await queueEmail(tx, notice, now);
    await recordEvent(tx, { ...event, outcome: "success", device }, now);
    const webhook = { customer_id: customer.id, email: customer.email, by: "customer" };
    await queueWebhook(tx, "customer_mfa_disabled", webhook, now);
  });
  emailQueued(notice);
}
