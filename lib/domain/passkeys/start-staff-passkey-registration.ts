/**
 * The first step of a staff member adding a passkey on their own profile (POST
 * /api/admin/me/passkeys/registration/options): with the current password and, for a member with
 * two-factor, a code (the step-up, lib/domain/staff/step-up-staff.ts), the creation options for the
 * browser and the challenge_id to answer them with. As a customer's: a random user handle per member,
 * a discoverable credential with user verification, the member's passkeys excluded, attestation none.
 */
import { generateRegistrationOptions, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { db } from "@/lib/platform/db";
import { randomToken } from "@/lib/platform/secrets";
import { countAttempt } from "@/lib/domain/rate-limits/count-attempt";
import { staffPasskeyChallengeLimits } from "@/lib/domain/rate-limits/limits";
import { refuse } from "@/lib/domain/rate-limits/release-attempt";
import type { SignedInStaff } from "@/lib/domain/staff/sign-in-staff";
import { type StaffStepUp, stepUpStaff } from "@/lib/domain/staff/step-up-staff";
import { issuePasskeyChallenge } from "./passkey-challenges";
import { PASSKEY_ALGORITHMS, PASSKEY_CHALLENGE_TTL_MS, relyingPartyId, relyingPartyName } from "./relying-party";
import type { PasskeyOptions } from "./start-passkey-registration";

export type StartStaffPasskeyRegistrationOptions = { staff: SignedInStaff; input: StaffStepUp; ip: string };

export async function startStaffPasskeyRegistration({
  staff,
  input,
  ip,
}: StartStaffPasskeyRegistrationOptions): Promise<PasskeyOptions<PublicKeyCredentialCreationOptionsJSON>> {
  const rpID = relyingPartyId();
  const row = await stepUpStaff(staff, input);
  const attempt = await countAttempt(staffPasskeyChallengeLimits(ip, staff.id));
  if (attempt.limited) await refuse(attempt);

  await db().staff.updateMany({
    where: { id: staff.id, passkeyUserHandle: null },
    data: { passkeyUserHandle: randomToken() },
  });
  const { passkeyUserHandle, passkeys } = await db().staff.findUniqueOrThrow({
    where: { id: staff.id },
    select: { passkeyUserHandle: true, passkeys: { select: { credentialId: true, transports: true } } },
  });
  const options = await generateRegistrationOptions({
    rpName: await relyingPartyName(),
    rpID,
    userName: row.email,
    userDisplayName: row.name,
    userID: Buffer.from(passkeyUserHandle as string, "base64url"),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  const { challengeId } = await issuePasskeyChallenge(options.challenge, {
    purpose: "registration",
    apiClientId: null,
    customerId: null,
    staffId: staff.id,
  });
  return { challenge_id: challengeId, options };
}
