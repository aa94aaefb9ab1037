/**
 * The second step of adding a passkey (POST /client/v1/me/passkeys/registration/verify): the
 * challenge claimed (once, for this customer and API client), the new credential checked by
 * @simplewebauthn/server against it, the relying party, the client's allowed origins and user
 * verification, with attestation `none` only (what the options asked for); then the passkey stored
 * with its event, webhook event and notice. Every refusal is a coded 400 and stores nothing.
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { fieldError } from "@/lib/platform/errors/domain-error";
import { emailQueued } from "@/lib/domain/email/queue-email";
import type { Device } from "@/lib/domain/tokens/device";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { lockCustomer } from "@/lib/domain/customer-accounts/lock-customer";
import type { RegistrationCredential } from "./passkey-credential";
import { claimPasskeyChallenge } from "./passkey-challenges";
import {
  DEFAULT_PASSKEY_NAME,
  MAX_PASSKEYS_PER_CUSTOMER,
  type PasskeyRecord,
  passkeyNotice,
  recordPasskeyChange,
  toPasskeyRecord,
} from "./passkey-record";
import { passkeyRefused, verifyNewPasskey } from "./passkey-verification";
import { relyingPartyId } from "./relying-party";

export type FinishPasskeyRegistrationOptions = {
  login: CustomerLogin;
  input: { challenge_id: string; credential: RegistrationCredential; name?: string };
  client: AuthenticatedClient;
  device: Device;
};

export async function finishPasskeyRegistration({
  login,
  input,
  client,
  device,
}: FinishPasskeyRegistrationOptions): Promise<PasskeyRecord> {
  const rpID = relyingPartyId();
  const { customer } = login;
  const claimed = await claimPasskeyChallenge(input.challenge_id, "registration", client.id, {
    customerId: customer.id,
  });
  if (!claimed) {
    throw fieldError(
      "challenge_id",
      "invalid",
      "This challenge is unknown, expired, used or not yours: ask for new options",
    );
  }
  const verified = await verifyNewPasskey(input.credential, {
    challenge: claimed.challenge,
    origins: client.allowedOrigins,
    rpID,
  });

  const now = new Date();
  const name = input.name || DEFAULT_PASSKEY_NAME;
  const notice = await passkeyNotice("passkey_added", customer, name, now);
  try {
    const passkey = await db().$transaction(async (tx) => {
      await lockCustomer(tx, customer.id);
      if ((await tx.passkey.count({ where: { customerId: customer.id } })) >= MAX_PASSKEYS_PER_CUSTOMER) {
        throw passkeyRefused(`an account holds at most ${MAX_PASSKEYS_PER_CUSTOMER} passkeys: remove one first`);
      }
      const created = await tx.passkey.create({
        data: {
          customerId: customer.id,
          ...verified,
          name,
          apiClientId: client.id,
          createdAt: now,
        },
      });
      const change = { type: "passkey_added" as const, customer, passkeyId: created.id, notice };
      await recordPasskeyChange(tx, { ...change, apiClientId: client.id, device }, now);
      return created;
    });
    emailQueued(notice);
    return toPasskeyRecord(passkey);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw fieldError("credential", "unique", "This passkey is already registered to an account");
    }
    throw error;
  }
}
