/** The first step of a forgotten password (POST /client/v1/forgot-password): a reset link by e-mail. */
import { fieldError } from "@/lib/platform/errors/domain-error";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { composeEmail } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { countAttemptWith } from "@/lib/domain/rate-limits/count-attempt";
import { refuse, release } from "@/lib/domain/rate-limits/release-attempt";
import { forgotPasswordLimits } from "@/lib/domain/rate-limits/limits";
import { createEmailToken } from "@/lib/domain/tokens/issue-email-token";
import { newToken } from "@/lib/domain/tokens/new-token";
import type { Device } from "@/lib/domain/tokens/device";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { linkWithToken } from "@/lib/platform/validation/link-template";
import { maskEmail } from "@/lib/domain/email/mask-email";

export type RequestPasswordResetOptions = {
  /** Validated, with a link template on one of the client's allowed origins (see link-origin.ts). */
  input: { email: string; reset_password_url: string };
  client: AuthenticatedClient;
  device: Device;
};

/**
 * Sends a reset link (valid 1 h) and returns the masked address it went to. Every request counts
 * against the per-IP limit (so probing for addresses is slow); each e-mail sent counts against the
 * per-address limit (so nobody can flood a customer's inbox). Both are counted before the account
 * is looked up, so concurrent requests cannot send more than the limit allows. A blocked account
 * is sent nothing, and answered as any other.
 */
export async function requestPasswordReset({ input, client, device }: RequestPasswordResetOptions): Promise<string> {
  const { perEmail, perIp } = forgotPasswordLimits(input.email, device.ip);
  const { attempt, row: customer } = await countAttemptWith<{
    id: number;
    locale: string | null;
    blocked: boolean;
    security_version: number;
  }>(
    [perEmail, perIp],
    Prisma.sql`SELECT id, locale, blocked_at IS NOT NULL AS blocked, security_version FROM customers WHERE email = ${input.email}`,
  );
  if (attempt.limited) await refuse(attempt);
  if (!customer) {
    // No e-mail goes out: the address's count is given back; the IP's stays.
    await release(attempt, [perEmail]);
    throw fieldError("email", "not_found", "No account uses this e-mail address");
  }
  if (customer.blocked) {
    // A blocked account (block-customer.ts) gets no link, but the answer is an active one's.
    await release(attempt, [perEmail]);
    return maskEmail(input.email);
  }

  const reset = newToken();
  const email = await composeEmail(
    "reset_password",
    input.email,
    linkWithToken(input.reset_password_url, reset.token),
    await effectiveLocale(customer.locale),
  );
  const now = new Date();
  await db().$transaction(async (tx) => {
    await createEmailToken(
      tx,
      {
        customerId: customer.id,
        purpose: "reset_password",
        tokenHash: reset.tokenHash,
        securityVersion: customer.security_version,
      },
      now,
    );
    await queueEmail(tx, email, now);
    await recordEvent(
      tx,
      {
        type: "forgot_password",
        outcome: "success",
        email: input.email,
        customerId: customer.id,
        apiClientId: client.id,
        device,
      },
      now,
    );
  });
  emailQueued(email);
  return maskEmail(input.email);
}
