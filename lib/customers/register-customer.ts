import { fieldError } from "@/lib/api/errors";
import { confirmPasswordCheck, parseInput, type RawInput } from "@/lib/api/input";
import { registerRequest } from "@/lib/api/schemas";
import type { AuthenticatedClient } from "@/lib/clients";
import { db } from "@/lib/db";
import { composeEmail } from "@/lib/email/compose";
import { emailQueued, enqueueEmail } from "@/lib/email/outbox";
import { hashPassword } from "@/lib/passwords";
import { createEmailToken, issueLoginToken, linkWithToken, newToken } from "@/lib/tokens";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Device } from "./device";
import { recordEvent } from "./events";
import { linkOriginCheck } from "./link-origin";

const emailTaken = () => fieldError("email", "unique", "An account with this e-mail address already exists");

/**
 * Creates the account, its first login token and its e-mail verification token, and queues the
 * verification e-mail, all in one transaction. Returns the login token.
 */
export async function registerCustomer(raw: RawInput, client: AuthenticatedClient, device: Device): Promise<string> {
  const input = parseInput(registerRequest, raw, (body) => [
    ...confirmPasswordCheck(body),
    ...linkOriginCheck("email_verification_url", client)(body),
  ]);
  // Spares an argon2 hash and an e-mail render for the usual duplicate; the unique index below
  // still decides the race between two registrations arriving together.
  if (await db().customer.findUnique({ where: { email: input.email }, select: { id: true } })) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const verification = newToken();
  const email = await composeEmail(
    "verify_email",
    input.email,
    linkWithToken(input.email_verification_url, verification.token),
  );

  try {
    const loginToken = await db().$transaction(async (tx) => {
      const customer = await tx.customer.create({
        data: { email: input.email, passwordHash, registeredVia: client.id, source: "api" },
      });
      await createEmailToken(tx, { customerId: customer.id, purpose: "verify_email", tokenHash: verification.tokenHash });
      await enqueueEmail(tx, email);
      await recordEvent(tx, { type: "register", outcome: "success", email: input.email, customerId: customer.id, apiClientId: client.id, device });
      return issueLoginToken(tx, { customerId: customer.id, apiClientId: client.id, device });
    });
    emailQueued(email);
    return loginToken;
  } catch (error) {
    // Two registrations of one e-mail at once: the unique index lets exactly one through.
    if (isUniqueViolation(error, "email")) throw emailTaken();
    throw error;
  }
}
