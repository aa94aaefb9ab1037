/** Signing a customer out everywhere else (POST /client/v1/sessions/revoke-others). */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { unauthenticated } from "@/lib/platform/errors/domain-error";
import type { Device } from "@/lib/domain/tokens/device";
import { liveLoginTokensOf } from "@/lib/domain/tokens/live-login-token";
import { revokeOtherLiveLoginTokens } from "@/lib/domain/tokens/revoke-login-tokens";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { lockCustomer } from "@/lib/domain/customer-accounts/lock-customer";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export type RevokeOtherCustomerSessionsOptions = {
  /** The customer's login token of the call, live (`authenticateCustomer`). */
  login: CustomerLogin;
  client: AuthenticatedClient;
  device: Device;
};

/**
 * Revokes every live session of the customer but the calling one; how many it revoked. Two calls
 * from two sessions at once would each end the other's session and both answer 200 with a dead
 * token: so the calls of one customer take turns on the customer's row, and under that lock the
 * calling session must still be live (an earlier call may have just ended it: `unauthenticated`).
 */
export async function revokeOtherCustomerSessions({
  login,
  client,
  device,
}: RevokeOtherCustomerSessionsOptions): Promise<number> {
  return db().$transaction(async (tx) => {
    const customer = await lockCustomer(tx, login.customerId);
    const now = new Date();
    const stillLive =
      customer && (await tx.loginToken.count({ where: { ...liveLoginTokensOf(customer, now), id: login.id } })) === 1;
    if (!stillLive) throw unauthenticated();
    const revoked = await revokeOtherLiveLoginTokens(tx, customer, login.id, now);
    await recordEvent(
      tx,
      {
        type: "other_sessions_revoked",
        outcome: "success",
        email: login.customer.email,
        customerId: login.customerId,
        apiClientId: client.id,
        device,
      },
      now,
    );
    return revoked;
  });
}
