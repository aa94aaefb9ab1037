/**
 * @simplewebauthn/server's checks as customers' and staff's passkeys share them: a new credential
 * (registration) against its challenge, the relying party, the origins and user verification, with
 * attestation `none` only; an assertion (sign-in) likewise, and whether its signature counter went
 * back (a cloned key). Who owns the passkey, and what is stored, is the callers'.
 */
import { verifyAuthenticationResponse, verifyRegistrationResponse } from "@simplewebauthn/server";
import { fieldError } from "@/lib/platform/errors/domain-error";
import type { PasskeyDeviceType } from "@/lib/generated/prisma/enums";
import type { AuthenticationCredential, RegistrationCredential } from "./passkey-credential";
import { PASSKEY_ALGORITHMS } from "./relying-party";

/** What is stored of a new passkey. */
export type NewPasskey = {
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  signCount: number;
  transports: string[];
  deviceType: PasskeyDeviceType;
  backedUp: boolean;
};

export const passkeyRefused = (why: string) =>
  fieldError("credential", "invalid", `This passkey could not be added: ${why}`);

/** The new credential, checked; a coded 400 (credential/invalid) with the library's reason otherwise. */
export async function verifyNewPasskey(
  credential: RegistrationCredential,
  expected: { challenge: string; origins: string[]; rpID: string },
): Promise<NewPasskey> {
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.origins,
      expectedRPID: expected.rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
  } catch (error) {
    // The library's reason (a wrong origin, challenge, type, RP ID, no user verification, bad CBOR …).
    throw passkeyRefused(error instanceof Error ? error.message.slice(0, 200) : "it is malformed");
  }
  if (!verification.verified) throw passkeyRefused("it did not verify");
  const info = verification.registrationInfo;
  if (info.fmt !== "none") throw passkeyRefused(`attestation "${info.fmt}" was not asked for (only "none")`);
  return {
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey),
    signCount: info.credential.counter,
    transports: info.credential.transports ?? [],
    deviceType: info.credentialDeviceType === "multiDevice" ? "multi_device" : "single_device",
    backedUp: info.credentialBackedUp,
  };
}

/** A stored passkey, as an assertion is checked against it. */
type StoredPasskey = { credentialId: string; publicKey: Uint8Array<ArrayBuffer>; signCount: bigint };

/**
 * The assertion checked against `passkey`: undefined when it does not verify; else its new counter,
 * whether the counter went back (`cloned`), and whether the key says it is backed up.
 */
export async function verifyPasskeyAssertion(
  credential: AuthenticationCredential,
  passkey: StoredPasskey,
  expected: { challenge: string; origins: string[]; rpID: string },
): Promise<{ counter: bigint; cloned: boolean; backedUp: boolean } | undefined> {
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    // The library compares the counter before it checks the signature: given 0 it skips that, so a
    // forged assertion cannot pass for a cloned key; the counter is judged below, once signed.
    verified = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.origins,
      expectedRPID: expected.rpID,
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: 0, transports: [] },
      requireUserVerification: true,
    });
  } catch {
    return undefined;
  }
  if (!verified.verified) return undefined;
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  const counter = BigInt(newCounter);
  const stored = passkey.signCount;
  return { counter, cloned: (counter > 0n || stored > 0n) && counter <= stored, backedUp: credentialBackedUp };
}
