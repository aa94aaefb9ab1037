/** Where a customer is signed in (GET /client/v1/sessions): their live login tokens, newest first. */
import { listLiveLoginTokens } from "@/lib/domain/tokens/list-live-login-tokens";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";

export type ListCustomerSessionsOptions = { login: CustomerLogin };

/** A session as an app sees it: its row id (never a token or a hash), its device and its last refresh. */
export type CustomerSession = {
  id: number;
  /** The session of the token that asked. */
  current: boolean;
  created_at: string;
  last_used_at: string;
  /** The session's last refresh, null if never. */
  last_refreshed_at: string | null;
  ip: string;
  user_agent: string;
  fingerprint: string;
  /** The API client the token was issued to; null once that client is deleted. */
  client_name: string | null;
};

export async function listCustomerSessions({ login }: ListCustomerSessionsOptions): Promise<CustomerSession[]> {
  const tokens = await listLiveLoginTokens(login.customer);
  return tokens.map((session) => ({
    id: session.id,
    current: session.id === login.id,
    created_at: session.createdAt.toISOString(),
    last_used_at: session.lastUsedAt.toISOString(),
    last_refreshed_at: session.refreshedAt?.toISOString() ?? null,
    ip: session.ip,
    user_agent: session.userAgent,
    fingerprint: session.fingerprint,
    client_name: session.apiClient?.name ?? null,
  }));
}
