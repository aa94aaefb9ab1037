/** Signing a customer out of one session (DELETE /client/v1/sessions/{id}). */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { MAX_INTEGER } from "@/lib/platform/db/list-query";
import { notFound } from "@/lib/platform/errors/domain-error";
import type { Device } from "@/lib/domain/tokens/device";
import { revokeLiveLoginToken } from "@/lib/domain/tokens/revoke-login-tokens";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export type RevokeCustomerSessionOptions = {
  /** The customer's login token of the call, live (`authenticateCustomer`). */
  login: CustomerLogin;
  /** The `{id}` of the path, as sent. */
  sessionId: string;
  client: AuthenticatedClient;
  device: Device;
};

/** A session id as sent: a positive integer in canonical spelling that a row can have, else undefined. */
function parseSessionId(sent: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(sent)) return undefined;
  const id = Number(sent);
  return id <= MAX_INTEGER ? id : undefined;
}

/**
 * Revokes one of the customer's live sessions (the calling one included: that is a logout). An id
 * that is malformed, unknown, no longer live or another customer's is the same 404, so the answer
 * tells nothing about sessions that are not the caller's.
 */
export async function revokeCustomerSession({
  login,
  sessionId,
  client,
  device,
}: RevokeCustomerSessionOptions): Promise<void> {
  const id = parseSessionId(sessionId);
  const revoked =
    id !== undefined &&
    (await db().$transaction(async (tx) => {
      if (!(await revokeLiveLoginToken(tx, login.customer, id))) return false;
      await recordEvent(tx, {
        type: "session_revoked",
        outcome: "success",
        email: login.customer.email,
        customerId: login.customerId,
        apiClientId: client.id,
        device,
      });
      return true;
    }));
  if (!revoked) throw notFound("No such session");
}
