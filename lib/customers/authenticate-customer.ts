/** The customer behind a login token, for the calls that act on an account. */
import type { AuthenticatedClient } from "@/lib/api-clients/authenticate-api-client";
import { unauthenticated } from "@/lib/errors/domain-error";
import { findLiveLoginToken } from "@/lib/tokens/find-live-login-token";

/** The live login token `token` of this API client, with its customer; `unauthenticated` otherwise. */
export async function authenticateCustomer(token: string | undefined, client: AuthenticatedClient) {
  const login = token && (await findLiveLoginToken(token, client.id));
  if (!login) throw unauthenticated();
  return login;
}
