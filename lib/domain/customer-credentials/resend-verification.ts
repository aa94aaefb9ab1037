/** A new verification e-mail for a logged-in customer (POST /client/v1/resend-verification); earlier links die. */
import { fieldError } from "@/lib/platform/errors/domain-error";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { composeEmail } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { check, resendVerificationLimit } from "@/lib/domain/rate-limits/limits";
import { refuse } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import { createEmailToken } from "@/lib/domain/tokens/issue-email-token";
import { newToken } from "@/lib/domain/tokens/new-token";
import { revokeEmailTokens } from "@/lib/domain/tokens/revoke-email-tokens";
import { linkWithToken } from "@/lib/platform/validation/link-template";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { eventInsert, recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export type ResendVerificationOptions = {
  /** The customer's login token of the call, live (`authenticateCustomer`). */
  login: CustomerLogin;
  /** Validated, with a link template on one of the client's allowed origins (see link-origin.ts). */
  input: { email_verification_url: string };
  client: AuthenticatedClient;
  device: Device;
};

/**
 * E-mails the customer behind `token` a new verification link (valid 24 h) and revokes the earlier
 * ones. An address already verified is refused (`email/already_verified`). Each e-mail counts
 * against the account's limit (resendVerificationPerAccount) before it is queued, so requests sent
 * all at once get no more e-mails out than the limit allows.
 */
export async function resendVerification({ login, input, client, device }: ResendVerificationOptions): Promise<void> {
  const { customer } = login;
  if (customer.emailVerifiedAt)
    throw fieldError("email", "already_verified", "This e-mail address is already verified");
  const event = {
    type: "verification_resent" as const,
    email: customer.email,
    customerId: customer.id,
    apiClientId: client.id,
    device,
  };

  const attempt = await check([resendVerificationLimit(customer.id)]);
  if (attempt.limited) await refuse(attempt, [eventInsert({ ...event, outcome: "rate_limited" })]);

  const verification = newToken();
  const email = await composeEmail(
    "verify_email",
    customer.email,
    linkWithToken(input.email_verification_url, verification.token),
    await effectiveLocale(customer.locale),
  );
  const now = new Date();
  await db().$transaction(async (tx) => {
    await revokeEmailTokens(tx, customer.id, "verify_email", now);
    await createEmailToken(
      tx,
      {
        customerId: customer.id,
        purpose: "verify_email",
        tokenHash: verification.tokenHash,
        securityVersion: customer.securityVersion,
      },
      now,
    );
    await queueEmail(tx, email, now);
    await recordEvent(tx, { ...event, outcome: "success" }, now);
  });
  emailQueued(email);
}
