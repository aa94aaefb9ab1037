/** The second step of a forgotten password (POST /client/v1/reset-password): the new password. */
import { fieldError } from "@/lib/platform/errors/domain-error";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { checkPasswordStrength } from "@/lib/domain/passwords/check-password-strength";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { consumeEmailToken } from "@/lib/domain/tokens/consume-email-token";
import { findUsableEmailToken } from "@/lib/domain/tokens/find-usable-email-token";
import { endEmailTokens } from "@/lib/domain/tokens/end-email-tokens";
import { revokeAllLoginTokens } from "@/lib/domain/tokens/revoke-login-tokens";
import type { Device } from "@/lib/domain/tokens/device";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";

export type ResetPasswordOptions = {
  /** Validated, the confirmation matching. */
  input: { token: string; password: string };
  client: AuthenticatedClient;
  device: Device;
};

const invalidToken = () => fieldError("token", "invalid", "This reset link is invalid, expired or already used");

/**
 * Sets a new password with a reset token (single use), and ends every session the customer had:
 * whoever knew the old password is logged out, including a login that was checking it meanwhile
 * (see findLiveLoginToken). Every other e-mail link of the account dies too (end-email-tokens.ts),
 * however many requests present this one at once: one of them resets. The new password must pass
 * checkPasswordStrength for the account's address.
 */
export async function resetPassword({ input, client, device }: ResetPasswordOptions): Promise<void> {
  const token = await findUsableEmailToken(input.token, "reset_password");
  if (!token) throw invalidToken();
  checkPasswordStrength(input.password, token.customer.email);

  const passwordHash = await hashPassword(input.password);
  await db().$transaction(async (tx) => {
    if (!(await consumeEmailToken(tx, token))) throw invalidToken();
    // A new credentials version: no login token obtained with the old password works any more.
    const customer = await tx.customer.update({
      where: { id: token.customerId },
      data: { passwordHash, credentialsVersion: { increment: 1 }, ...endEmailTokens },
    });
    await revokeAllLoginTokens(tx, customer.id);
    await queueWebhook(tx, "customer_password_changed", {
      customer_id: customer.id,
      email: customer.email,
      reason: "reset",
    });
    await recordEvent(tx, {
      type: "password_reset",
      outcome: "success",
      email: customer.email,
      customerId: customer.id,
      apiClientId: client.id,
      device,
    });
  });
}
