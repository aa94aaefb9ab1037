/** What `GET /client/v1/me` tells an app about its customer. */
import type { CustomerLogin } from "./authenticate-customer";
import { toCustomerProfile, type CustomerProfile } from "./customer-profile";

export function describeCustomer(login: CustomerLogin): Promise<CustomerProfile> {
  return toCustomerProfile(login.customer);
}
