/** Logging out: the login token presented is revoked, and the account's events say so. */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import type { Device } from "@/lib/domain/tokens/device";
import { revokeLoginToken } from "@/lib/domain/tokens/revoke-login-tokens";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export async function logoutCustomer(login: CustomerLogin, client: AuthenticatedClient, device: Device): Promise<void> {
  await revokeLoginToken(login.id);
  await recordEvent(db(), {
    type: "logout",
    outcome: "success",
    email: login.customer.email,
    customerId: login.customerId,
    apiClientId: client.id,
    device,
  });
}
