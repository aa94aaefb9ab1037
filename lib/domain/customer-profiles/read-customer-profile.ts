/** The customer's profile (GET /client/v1/me/profile): the row the login token was checked against, read by this request. */
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { describeProfile, type Profile } from "./profile-fields";

export function readCustomerProfile(login: CustomerLogin): Profile {
  return describeProfile(login.customer);
}
