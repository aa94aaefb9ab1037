/**
 * The second step of adding a passkey (POST /client/v1/me/passkeys/registration/verify): the
 * challenge claimed (once, for this customer and API client), the new credential checked by
 * @simplewebauthn/server against it, the relying party, the client's allowed origins and user
 * verification, with attestation `none` only (what the options asked for); then the passkey stored
 * with its event, webhook event and notice. Every refusal is a coded 400 and stores nothing.
 */
import { verifyRegistrationResponse } from "@simplewebauthn/server";
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
  MAX_PASSKEYS_PER_CUSTOMER,
  type PasskeyRecord,
  passkeyNotice,
  recordPasskeyChange,
  toPasskeyRecord,
} from "./passkey-record";
import { PASSKEY_ALGORITHMS, relyingPartyId } from "./relying-party";

export type FinishPasskeyRegistrationOptions = {
  login: CustomerLogin;
  input: { challenge_id: string; credential: RegistrationCredential; name?: string };
  client: AuthenticatedClient;
  device: Device;
};

const DEFAULT_NAME = "Passkey";

const refused = (why: string) => fieldError("credential", "invalid", `This passkey could not be added: ${why}`);

export async function finishPasskeyRegistration({
  login,
  input,
  client,
  device,
}: FinishPasskeyRegistrationOptions): Promise<PasskeyRecord> {
  const rpID = relyingPartyId();
  const { customer } = login;
  const claimed = await claimPasskeyChallenge(input.challenge_id, "registration", client.id, customer.id);
  if (!claimed) {
    throw fieldError(
      "challenge_id",
      "invalid",
      "This challenge is unknown, expired, used or not yours: ask for new options",
    );
  }
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: claimed.challenge,
      expectedOrigin: client.allowedOrigins,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
  } catch (error) {
    // The library's reason (a wrong origin, challenge, type, RP ID, no user verification, bad CBOR …).
    throw refused(error instanceof Error ? error.message.slice(0, 200) : "it is malformed");
  }
  if (!verification.verified) throw refused("it did not verify");
  const info = verification.registrationInfo;
  if (info.fmt !== "none") throw refused(`attestation "${info.fmt}" was not asked for (only "none")`);

  const now = new Date();
  const name = input.name ?? DEFAULT_NAME;
  const notice = await passkeyNotice("passkey_added", customer, name, now);
  try {
    const passkey = await db().$transaction(async (tx) => {
      await lockCustomer(tx, customer.id);
      if ((await tx.passkey.count({ where: { customerId: customer.id } })) >= MAX_PASSKEYS_PER_CUSTOMER) {
        throw refused(`an account holds at most ${MAX_PASSKEYS_PER_CUSTOMER} passkeys: remove one first`);
      }
      const created = await tx.passkey.create({
        data: {
          customerId: customer.id,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey),
          signCount: info.credential.counter,
          transports: info.credential.transports ?? [],
          deviceType: info.credentialDeviceType === "multiDevice" ? "multi_device" : "single_device",
          backedUp: info.credentialBackedUp,
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
