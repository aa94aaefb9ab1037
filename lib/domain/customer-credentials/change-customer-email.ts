/**
 * A logged-in customer's request for a new e-mail address (POST /client/v1/change-email): a link to
 * the new address, a notice without a link to the current one. The address changes only when the
 * link's token reaches POST /client/v1/verify-email (verify-email.ts); until then the current
 * address is the account's, and logs in.
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { composeEmail, composeNotice } from "@/lib/domain/email/compose-email";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { changeEmailLimits, check } from "@/lib/domain/rate-limits/limits";
import { refuse } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import { createEmailToken } from "@/lib/domain/tokens/issue-email-token";
import { newToken } from "@/lib/domain/tokens/new-token";
import { revokeEmailTokens } from "@/lib/domain/tokens/revoke-email-tokens";
import { linkWithToken } from "@/lib/platform/validation/link-template";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { stepUpCustomer } from "./step-up-customer";
import { eventInsert, recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { emailTaken } from "@/lib/domain/customer-accounts/register-customer";

export type ChangeCustomerEmailOptions = {
  /** The customer's login token of the call, live (`authenticateCustomer`). */
  login: CustomerLogin;
  /** Validated, with a link template on one of the client's allowed origins (see link-origin.ts). */
  input: { email: string; password: string; email_verification_url: string; code?: string };
  client: AuthenticatedClient;
  device: Device;
};

/**
 * Checks the password (confirm-customer-password.ts: wrong ones count against the account's login
 * limit) and, with two-factor on, a current code (customer-two-factor.ts), then the limits on change requests per account and per new address (429 beyond them),
 * then that no account uses the new address (this one's
 * included; asked again when the change takes effect), and e-mails the new address a link (valid
 * 24 h; earlier change links die) and the current one a notice. The password comes first, so a
 * stolen login token alone cannot probe which addresses have accounts. The event's `email` is the
 * address asked for.
 */
export async function changeCustomerEmail({ login, input, client, device }: ChangeCustomerEmailOptions): Promise<void> {
  const { customer } = login;
  const event = await stepUpCustomer({
    customer,
    input,
    apiClientId: client.id,
    device,
    type: "email_change_requested",
    email: input.email,
  });
  // Counted once the password is right (a wrong one counts against the login limits) and before the
  // address is looked up, so the limits also bound how many addresses one account can probe.
  const attempt = await check(Object.values(changeEmailLimits(customer.id, input.email)));
  if (attempt.limited) await refuse(attempt, [eventInsert({ ...event, outcome: "rate_limited", device })]);
  if (await db().customer.findUnique({ where: { email: input.email }, select: { id: true } })) throw emailTaken();

  const change = newToken();
  const locale = await effectiveLocale(customer.locale);
  const [verification, notice] = await Promise.all([
    composeEmail("change_email", input.email, linkWithToken(input.email_verification_url, change.token), locale),
    composeNotice("email_change_notice", customer.email, locale, {}),
  ]);
  const now = new Date();
  await db().$transaction(async (tx) => {
    await revokeEmailTokens(tx, customer.id, "change_email", now);
    await createEmailToken(
      tx,
      {
        customerId: customer.id,
        purpose: "change_email",
        tokenHash: change.tokenHash,
        securityVersion: customer.securityVersion,
        newEmail: input.email,
      },
      now,
    );
    await queueEmail(tx, verification, now);
    await queueEmail(tx, notice, now);
    await recordEvent(tx, { ...event, outcome: "success", device }, now);
  });
  emailQueued(verification);
  emailQueued(notice);
}
