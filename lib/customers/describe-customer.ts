/** What `GET /client/v1/me` tells an app about its customer. */
import type { AuthenticatedClient } from "@/lib/api-clients/authenticate-api-client";
import { authenticateCustomer } from "./authenticate-customer";

export async function describeCustomer(token: string | undefined, client: AuthenticatedClient) {
  const { customer } = await authenticateCustomer(token, client);
  return {
    email: customer.email,
    email_verified: customer.emailVerifiedAt !== null,
    created_at: customer.createdAt.toISOString(),
  };
}
