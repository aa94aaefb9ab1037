/**
 * A customer closing their account (POST /client/v1/close-account `{password}`). The row stays, with
 * its events, for compliance; the address is freed for a new account and the account can no longer
 * be used: the address moves to `closed_email` and `email` takes a tombstone no address can equal
 * (see the migration account_care), the credentials version is raised and every login token and
 * e-mail link revoked. A notice goes to the address the account had, in the customer's language.
 */
import type { AuthenticatedClient } from "@/lib/api-clients/authenticate-api-client";
import { db } from "@/lib/db";
import { composeNotice } from "@/lib/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/email/queue-email";
import { unauthenticated } from "@/lib/errors/domain-error";
import type { Device } from "@/lib/tokens/device";
import { revokeEmailTokens } from "@/lib/tokens/revoke-email-tokens";
import { revokeAllLoginTokens } from "@/lib/tokens/revoke-login-tokens";
import type { CustomerLogin } from "./authenticate-customer";
import { confirmCustomerPassword } from "./confirm-customer-password";
import { effectiveLocale } from "./customer-locale";
import { recordEvent } from "./record-customer-event";

export type CloseCustomerAccountOptions = {
  /** The customer's login token of the call, live (`authenticateCustomer`). */
  login: CustomerLogin;
  input: { password: string };
  client: AuthenticatedClient;
  device: Device;
};

/** What `email` holds once the account is closed: unique (the id), and never a valid address (no @). */
const closedEmailTombstone = (customerId: number) => `closed:${customerId}`;

/**
 * Closes the account after checking the password (confirm-customer-password.ts). A new credentials
 * version ends every token, including one a login that checked the password meanwhile stores after
 * this (findLiveLoginToken); from then on the address no longer finds the account, so every login
 * with it fails. Closing only an account still open and still at the credentials the caller's token
 * was issued under: a concurrent close or password change makes this a 401, as the token is dead.
 */
export async function closeCustomerAccount({
  login,
  input,
  client,
  device,
}: CloseCustomerAccountOptions): Promise<void> {
  const { customer } = login;
  const event = {
    type: "account_closed" as const,
    email: customer.email,
    customerId: customer.id,
    apiClientId: client.id,
  };
  await confirmCustomerPassword({ customer, password: input.password, device, event });

  const now = new Date();
  const notice = await composeNotice("account_closed", customer.email, await effectiveLocale(customer.locale), {
    when: now,
  });
  await db().$transaction(async (tx) => {
    const { count } = await tx.customer.updateMany({
      where: { id: customer.id, closedAt: null, credentialsVersion: customer.credentialsVersion },
      data: {
        closedAt: now,
        closedEmail: customer.email,
        email: closedEmailTombstone(customer.id),
        credentialsVersion: { increment: 1 },
      },
    });
    if (count !== 1) throw unauthenticated();
    await revokeAllLoginTokens(tx, customer.id, now);
    // A verification or reset link sent before has nothing left to act on.
    await revokeEmailTokens(tx, customer.id, "verify_email", now);
    await revokeEmailTokens(tx, customer.id, "reset_password", now);
    await queueEmail(tx, notice, now);
    await recordEvent(tx, { ...event, outcome: "success", device }, now);
  });
  emailQueued(notice);
}
