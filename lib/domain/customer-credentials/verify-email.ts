/**
 * A customer's e-mail address confirmed by the link in an e-mail (POST /client/v1/verify-email): the
 * verification e-mail's (the address is verified) or a change of address's (the new address becomes
 * the account's, verified: change-customer-email.ts).
 */
import { fieldError } from "@/lib/platform/errors/domain-error";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { consumeEmailToken } from "@/lib/domain/tokens/consume-email-token";
import { findUsableEmailToken } from "@/lib/domain/tokens/find-usable-email-token";
import type { Device } from "@/lib/domain/tokens/device";
import { endEmailTokens } from "@/lib/domain/tokens/end-email-tokens";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import { emailTaken } from "@/lib/domain/customer-accounts/register-customer";

export type VerifyEmailOptions = { input: { token: string }; client: AuthenticatedClient; device: Device };

const invalidToken = () => fieldError("token", "invalid", "This verification link is invalid, expired or already used");

/**
 * Uses the token from the e-mail (single use), only on an open, unblocked account and until a
 * security event ends it (consumeEmailToken). A change of address takes effect only while no other
 * account has the address: the unique index on the address decides a race with a registration or
 * another change (`email/unique`, and the token stays unused); once it has, it is a security event.
 */
export async function verifyEmail({ input, client, device }: VerifyEmailOptions): Promise<void> {
  const token = await findUsableEmailToken(input.token, ["verify_email", "change_email"]);
  if (!token) throw invalidToken();
  const now = new Date();
  try {
    await db().$transaction(async (tx) => {
      if (!(await consumeEmailToken(tx, token, now))) throw invalidToken();
      const email = token.purpose === "change_email" ? token.newEmail : null;
      if (email) {
        // Links sent before the change would act on the new address as if sent to it: they die.
        await tx.customer.update({
          where: { id: token.customerId },
          data: { email, emailVerifiedAt: now, ...endEmailTokens },
        });
      } else {
        await tx.customer.update({ where: { id: token.customerId }, data: { emailVerifiedAt: now } });
      }
      await recordEvent(
        tx,
        {
          type: email ? "email_changed" : "email_verified",
          outcome: "success",
          email: email ?? token.customer.email,
          customerId: token.customerId,
          apiClientId: client.id,
          device,
        },
        now,
      );
      const previous = token.customer.email;
      await queueWebhook(
        tx,
        email ? "customer_email_changed" : "customer_email_verified",
        email
          ? { customer_id: token.customerId, email, previous_email: previous }
          : { customer_id: token.customerId, email: previous },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, "email")) throw emailTaken();
    throw error;
  }
}
