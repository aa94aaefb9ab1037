/** The customer behind a login token, for the calls that act on an account. */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { unauthenticated } from "@/lib/platform/errors/domain-error";
import { findLiveLoginToken } from "@/lib/domain/tokens/find-live-login-token";

/** A live login token of the customer, with the customer: what the calls on an account act for. */
export type CustomerLogin = NonNullable<Awaited<ReturnType<typeof findLiveLoginToken>>>;

/** The live login token `token` of this API client, with its customer; `unauthenticated` otherwise. */
export async function authenticateCustomer(
  token: string | undefined,
  client: AuthenticatedClient,
): Promise<CustomerLogin> {
  const login = token && (await findLiveLoginToken(token, client.id));
  if (!login) throw unauthenticated();
  return login;
}
