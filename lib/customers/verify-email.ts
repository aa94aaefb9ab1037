/** A customer's e-mail address confirmed by the link in the verification e-mail (POST /client/v1/verify-email). */
import { fieldError } from "@/lib/errors/domain-error";
import type { AuthenticatedClient } from "@/lib/api-clients/authenticate-api-client";
import { db } from "@/lib/db";
import { consumeEmailToken } from "@/lib/tokens/consume-email-token";
import { findUsableEmailToken } from "@/lib/tokens/find-usable-email-token";
import type { Device } from "@/lib/tokens/device";
import { recordEvent } from "./record-customer-event";

export type VerifyEmailOptions = { input: { token: string }; client: AuthenticatedClient; device: Device };

const invalidToken = () => fieldError("token", "invalid", "This verification link is invalid, expired or already used");

/** Marks the e-mail address verified with the token from the verification e-mail (single use). */
export async function verifyEmail({ input, client, device }: VerifyEmailOptions): Promise<void> {
  const token = await findUsableEmailToken(input.token, "verify_email");
  if (!token) throw invalidToken();
  await db().$transaction(async (tx) => {
    if (!(await consumeEmailToken(tx, token.id))) throw invalidToken();
    const customer = await tx.customer.update({
      where: { id: token.customerId },
      data: { emailVerifiedAt: new Date() },
    });
    await recordEvent(tx, {
      type: "email_verified",
      outcome: "success",
      email: customer.email,
      customerId: customer.id,
      apiClientId: client.id,
      device,
    });
  });
}
