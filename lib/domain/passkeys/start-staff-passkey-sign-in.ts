/**
 * The first step of a staff member's passkey sign-in (POST /api/admin/passkeys/authentication/options,
 * no session): request options for a discoverable credential (no allowCredentials: the browser offers
 * the member's passkeys for WEBAUTHN_RP_ID) with user verification, and the challenge_id. Limited per IP
 * address like customers' challenges.
 */
import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { countAttempt } from "@/lib/domain/rate-limits/count-attempt";
import { staffPasskeyChallengeLimits } from "@/lib/domain/rate-limits/limits";
import { refuse } from "@/lib/domain/rate-limits/release-attempt";
import { issuePasskeyChallenge } from "./passkey-challenges";
import { PASSKEY_CHALLENGE_TTL_MS, relyingPartyId } from "./relying-party";
import type { PasskeyOptions } from "./start-passkey-registration";

export async function startStaffPasskeySignIn(
  ip: string,
): Promise<PasskeyOptions<PublicKeyCredentialRequestOptionsJSON>> {
  const rpID = relyingPartyId();
  const attempt = await countAttempt(staffPasskeyChallengeLimits(ip));
  if (attempt.limited) await refuse(attempt);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  const { challengeId } = await issuePasskeyChallenge(options.challenge, {
    purpose: "authentication",
    apiClientId: null,
    customerId: null,
  });
  return { challenge_id: challengeId, options };
}
