/**
 * A customer starting two-factor (POST /client/v1/me/mfa/totp `{password}`): a new TOTP secret,
 * kept sealed as pending until a code of it confirms it (confirm-customer-totp.ts). Authenticator
 * apps list it under the business's trading name. Asks for the password (a stolen login token alone
 * cannot attach an attacker's authenticator), counted like a login's; refused while two-factor is on.
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import { currentBusinessDetails } from "@/lib/domain/reference-data/read-settings";
import type { Device } from "@/lib/domain/tokens/device";
import { newTotpSecret, type TotpEnrolment } from "@/lib/domain/two-factor/new-totp-secret";
import { sealTotpSecret } from "@/lib/domain/two-factor/totp-secret-box";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { confirmCustomerPassword } from "./confirm-customer-password";

export type EnrolCustomerTotpOptions = {
  login: CustomerLogin;
  input: { password: string };
  client: AuthenticatedClient;
  device: Device;
};

export const alreadyOn = () => invalidRequest("Two-factor is already on: turn it off first to set it up again");

export async function enrolCustomerTotp({
  login,
  input,
  client,
  device,
}: EnrolCustomerTotpOptions): Promise<TotpEnrolment> {
  const { customer } = login;
  const event = {
    type: "mfa_enabled" as const,
    email: customer.email,
    customerId: customer.id,
    apiClientId: client.id,
  };
  await confirmCustomerPassword({ customer, password: input.password, device, event });
  if (customer.totpEnabledAt) throw alreadyOn();
  const enrolment = newTotpSecret((await currentBusinessDetails()).trading_name, customer.email);
  // Only while still off: one turned on meanwhile stays as it is.
  const { count } = await db().customer.updateMany({
    where: { id: customer.id, totpEnabledAt: null },
    data: { totpPendingSecretEncrypted: sealTotpSecret("customer", enrolment.secret) },
  });
  if (count !== 1) throw alreadyOn();
  return enrolment;
}
