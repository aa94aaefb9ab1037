/** A customer's payment authorisation and its status (GET /client/v1/authorisations/{id}); 404 for an id not theirs. */
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { type AuthorisationRecord, toAuthorisationRecord } from "./authorisation-record";
import { customerAuthorisation } from "./confirm-payment-authorisation";

export async function readPaymentAuthorisation(login: CustomerLogin, id: string): Promise<AuthorisationRecord> {
  const row = await customerAuthorisation(login.customer.id, id);
  return toAuthorisationRecord(row, await effectiveLocale(login.customer.locale));
}
