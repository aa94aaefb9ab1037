/** Signing a customer out everywhere else (POST /client/v1/sessions/revoke-others). */
import type { AuthenticatedClient } from "@/lib/api-clients/authenticate-api-client";
import { db } from "@/lib/db";
import type { Device } from "@/lib/tokens/device";
import { revokeOtherLiveLoginTokens } from "@/lib/tokens/revoke-login-tokens";
import type { CustomerLogin } from "./authenticate-customer";
import { recordEvent } from "./record-customer-event";

export type RevokeOtherCustomerSessionsOptions = {
  /** The customer's login token of the call, live (`authenticateCustomer`). */
  login: CustomerLogin;
  client: AuthenticatedClient;
  device: Device;
};

/** Revokes every live session of the customer but the calling one; how many it revoked. */
export async function revokeOtherCustomerSessions({
  login,
  client,
  device,
}: RevokeOtherCustomerSessionsOptions): Promise<number> {
  return db().$transaction(async (tx) => {
    const revoked = await revokeOtherLiveLoginTokens(tx, login.customer, login.id);
    await recordEvent(tx, {
      type: "other_sessions_revoked",
      outcome: "success",
      email: login.customer.email,
      customerId: login.customerId,
      apiClientId: client.id,
      device,
    });
    return revoked;
  });
}
