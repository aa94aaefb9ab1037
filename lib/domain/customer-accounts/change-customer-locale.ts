/** A customer choosing the language of their account (POST /client/v1/me `{locale}`). */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import type { Device } from "@/lib/domain/tokens/device";
import type { CustomerLogin } from "./authenticate-customer";
import { chosenLocale } from "./customer-locale";
import { toCustomerProfile, type CustomerProfile } from "./customer-profile";
import { recordEvent } from "./record-customer-event";

export type ChangeCustomerLocaleOptions = {
  /** The customer's login token of the call, live (`authenticateCustomer`). */
  login: CustomerLogin;
  input: { locale: string };
  client: AuthenticatedClient;
  device: Device;
};

/** Stores the customer's locale (an enabled one, else `locale/invalid`) and answers the customer as /me does. */
export async function changeCustomerLocale({
  login,
  input,
  client,
  device,
}: ChangeCustomerLocaleOptions): Promise<CustomerProfile> {
  const locale = await chosenLocale(input.locale);
  const customer = await db().$transaction(async (tx) => {
    const changed = await tx.customer.update({ where: { id: login.customerId }, data: { locale } });
    await recordEvent(tx, {
      type: "locale_changed",
      outcome: "success",
      email: changed.email,
      customerId: changed.id,
      apiClientId: client.id,
      device,
    });
    return changed;
  });
  return toCustomerProfile(customer);
}
