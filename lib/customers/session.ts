import { unauthenticated } from "@/lib/errors/domain-error";
import type { AuthenticatedClient } from "@/lib/api-clients/api-clients";
import { db } from "@/lib/db";
import { findLiveLoginToken, revokeLoginToken } from "@/lib/tokens/tokens";
import type { Device } from "@/lib/http/read-device";
import { recordEvent } from "./events";

/** The customer behind `Authorization: Bearer <login token>`, or a 401. */
export async function authenticateCustomer(request: Request, client: AuthenticatedClient) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  const token = match && (await findLiveLoginToken(match[1], client.id));
  if (!token) throw unauthenticated();
  return token;
}

export async function describeCustomer(request: Request, client: AuthenticatedClient) {
  const { customer } = await authenticateCustomer(request, client);
  return {
    email: customer.email,
    email_verified: customer.emailVerifiedAt !== null,
    created_at: customer.createdAt.toISOString(),
  };
}

export async function logoutCustomer(request: Request, client: AuthenticatedClient, device: Device): Promise<void> {
  const token = await authenticateCustomer(request, client);
  await revokeLoginToken(token.id);
  await recordEvent(db(), {
    type: "logout",
    outcome: "success",
    email: token.customer.email,
    customerId: token.customerId,
    apiClientId: client.id,
    device,
  });
}
