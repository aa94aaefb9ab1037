import { fieldError } from "@/lib/errors/domain-error";
import { parseInput, type RawInput } from "@/lib/validation/parse-input";
import { verifyEmailRequest } from "@/lib/http/schemas";
import type { AuthenticatedClient } from "@/lib/api-clients/api-clients";
import { db } from "@/lib/db";
import { consumeEmailToken, findUsableEmailToken } from "@/lib/tokens/tokens";
import type { Device } from "@/lib/http/read-device";
import { recordEvent } from "./events";

const invalidToken = () => fieldError("token", "invalid", "This verification link is invalid, expired or already used");

/** Marks the e-mail address verified with the token from the verification e-mail (single use). */
export async function verifyEmail(raw: RawInput, client: AuthenticatedClient, device: Device): Promise<void> {
  const input = parseInput(verifyEmailRequest, raw);
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
