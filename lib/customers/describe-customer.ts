/** What `GET /client/v1/me` tells an app about its customer. */
import type { AuthenticatedClient } from "@/lib/api-clients/authenticate-api-client";
import { authenticateCustomer } from "./authenticate-customer";
import { toCustomerProfile, type CustomerProfile } from "./customer-profile";

export async function describeCustomer(
  token: string | undefined,
  client: AuthenticatedClient,
): Promise<CustomerProfile> {
  const { customer } = await authenticateCustomer(token, client);
  return toCustomerProfile(customer);
}
