/**
 * A customer closing their account (POST /client/v1/close-account `{password}`). The row stays, with
 * its events, for compliance; the address is freed for a new account and the account can no longer
 * be used: the address moves to `closed_email` and `email` takes a tombstone no address can equal
 * (see the migration account_care), the credentials version is raised and every login token
 * revoked, every e-mail link ends (end-email-tokens.ts) and every passkey is deleted; a profile
 * awaiting review leaves the review queue (kyc-review.ts, endPendingReview). A notice goes to the
 * address the account had when it closed, in the customer's language.
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { composeNotice } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { invalidRequest, unauthenticated } from "@/lib/platform/errors/domain-error";
import type { Device } from "@/lib/domain/tokens/device";
import { endEmailTokens } from "@/lib/domain/tokens/end-email-tokens";
import { revokeAllLoginTokens } from "@/lib/domain/tokens/revoke-login-tokens";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { stepUpCustomer } from "@/lib/domain/customer-credentials/step-up-customer";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import { endPendingReview } from "@/lib/domain/customer-compliance/kyc-review";

export type CloseCustomerAccountOptions = {
  /** The customer's login token of the call, live (`authenticateCustomer`). */
  login: CustomerLogin;
  input: { password: string; code?: string };
  client: AuthenticatedClient;
  device: Device;
};

/** What `email` holds once the account is closed: unique (the id), and never a valid address (no @). */
export const closedEmailTombstone = (customerId: number) => `closed:${customerId}`;

/** How many times a close starts over when the address changed under it before it gives up. */
const CLOSE_ATTEMPTS = 3;

/**
 * Closes the account after checking the password (confirm-customer-password.ts) and, with
 * two-factor on, a current code (customer-two-factor.ts). A new credentials
 * version ends every token, including one a login that checked the password meanwhile stores after
 * this (findLiveLoginToken); from then on the address no longer finds the account, so every login
 * with it fails. Closing only an account still open and still at the credentials the caller's token
 * was issued under: a concurrent close or password change makes this a 401, as the token is dead.
 *
 * A change of address may take effect while this runs (verify-email.ts): the close applies only
 * to the address its notice was written for, and otherwise starts over with the new one, so the
 * closed record and the notice carry the address the account held when it closed. (The notice is
 * rendered outside the transaction: rendering reads settings, which must not wait on its connection.)
 */
export async function closeCustomerAccount({
  login,
  input,
  client,
  device,
}: CloseCustomerAccountOptions): Promise<void> {
  const { customer } = login;
  const event = await stepUpCustomer({ customer, input, apiClientId: client.id, device, type: "account_closed" });

  const locale = await effectiveLocale(customer.locale);
  let email = customer.email;
  for (let attempt = 1; attempt <= CLOSE_ATTEMPTS; attempt++) {
    const now = new Date();
    const notice = await composeNotice("account_closed", email, locale, { when: now });
    const closed = await db().$transaction(async (tx) => {
      const { count } = await tx.customer.updateMany({
        where: { id: customer.id, closedAt: null, credentialsVersion: customer.credentialsVersion, email },
        data: {
          closedAt: now,
          closedEmail: email,
          email: closedEmailTombstone(customer.id),
          credentialsVersion: { increment: 1 },
          ...endEmailTokens,
        },
      });
      if (count !== 1) return false;
      await revokeAllLoginTokens(tx, customer.id, now);
      await endPendingReview(tx, customer.id, now);
      await tx.passkey.deleteMany({ where: { customerId: customer.id } });
      await tx.passkeyChallenge.deleteMany({ where: { customerId: customer.id } });
      await queueEmail(tx, notice, now);
      await recordEvent(tx, { ...event, email, outcome: "success", device }, now);
      await queueWebhook(tx, "customer_closed", { customer_id: customer.id, email }, now);
      return true;
    });
    if (closed) {
      emailQueued(notice);
      return;
    }
    const current = await db().customer.findUniqueOrThrow({ where: { id: customer.id } });
    if (current.closedAt || current.credentialsVersion !== customer.credentialsVersion) throw unauthenticated();
    email = current.email;
  }
  throw invalidRequest("This account changed meanwhile: try again");
}
