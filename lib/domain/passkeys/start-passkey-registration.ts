/**
 * The first step of adding a passkey (POST /client/v1/me/passkeys/registration/options): with the
 * password (and a code with two-factor on: the step-up rule), the creation options for the app's
 * platform API and the challenge_id to answer them with. The user handle is random per customer,
 * made once; the customer's passkeys are excluded, so an authenticator holding one says so.
 */
import { generateRegistrationOptions, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { randomToken } from "@/lib/platform/secrets";
import { countAttempt } from "@/lib/domain/rate-limits/count-attempt";
import { passkeyChallengeLimits } from "@/lib/domain/rate-limits/limits";
import { refuse } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { stepUpCustomer } from "@/lib/domain/customer-credentials/step-up-customer";
import { issuePasskeyChallenge } from "./passkey-challenges";
import { PASSKEY_ALGORITHMS, PASSKEY_CHALLENGE_TTL_MS, relyingPartyId, relyingPartyName } from "./relying-party";

export type StartPasskeyRegistrationOptions = {
  login: CustomerLogin;
  input: { password: string; code?: string };
  client: AuthenticatedClient;
  device: Device;
};

export type PasskeyOptions<T> = { challenge_id: string; options: T };

export async function startPasskeyRegistration({
  login,
  input,
  client,
  device,
}: StartPasskeyRegistrationOptions): Promise<PasskeyOptions<PublicKeyCredentialCreationOptionsJSON>> {
  const rpID = relyingPartyId();
  const { customer } = login;
  await stepUpCustomer({ customer, input, apiClientId: client.id, device, type: "passkey_added" });
  const attempt = await countAttempt(passkeyChallengeLimits(device.ip, customer.id));
  if (attempt.limited) await refuse(attempt);

  const options = await generateRegistrationOptions({
    rpName: await relyingPartyName(),
    rpID,
    userName: customer.email,
    userID: Buffer.from(await userHandle(customer.id), "base64url"),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: (
      await db().passkey.findMany({
        where: { customerId: customer.id },
        select: { credentialId: true, transports: true },
      })
    ).map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  const { challengeId } = await issuePasskeyChallenge(options.challenge, {
    purpose: "registration",
    apiClientId: client.id,
    customerId: customer.id,
  });
  return { challenge_id: challengeId, options };
}

/** The customer's WebAuthn user handle (base64url of 32 random bytes), made at their first registration. */
async function userHandle(customerId: number): Promise<string> {
  await db().customer.updateMany({
    where: { id: customerId, passkeyUserHandle: null },
    data: { passkeyUserHandle: randomToken() },
  });
  const { passkeyUserHandle } = await db().customer.findUniqueOrThrow({
    where: { id: customerId },
    select: { passkeyUserHandle: true },
  });
  return passkeyUserHandle as string;
}
