/**
 * The first step of a passkey login (POST /client/v1/passkeys/authentication/options, client
 * credentials alone): request options for a discoverable credential (no allowCredentials, so the
 * answer is the same whether or not `email` has an account) and the challenge_id. With `email` of an
 * open account the challenge is tied to it: a passkey of another account is then refused.
 */
import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { countAttempt } from "@/lib/domain/rate-limits/count-attempt";
import { passkeyChallengeLimits } from "@/lib/domain/rate-limits/limits";
import { refuse } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import { issuePasskeyChallenge } from "./passkey-challenges";
import { PASSKEY_CHALLENGE_TTL_MS, relyingPartyId } from "./relying-party";
import type { PasskeyOptions } from "./start-passkey-registration";

export type StartPasskeyAuthenticationOptions = {
  input: { email?: string };
  client: AuthenticatedClient;
  device: Device;
};

export async function startPasskeyAuthentication({
  input,
  client,
  device,
}: StartPasskeyAuthenticationOptions): Promise<PasskeyOptions<PublicKeyCredentialRequestOptionsJSON>> {
  const rpID = relyingPartyId();
  const attempt = await countAttempt(passkeyChallengeLimits(device.ip));
  if (attempt.limited) await refuse(attempt);
  const account =
    input.email === undefined
      ? null
      : await db().customer.findUnique({ where: { email: input.email }, select: { id: true } });
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  const { challengeId } = await issuePasskeyChallenge(options.challenge, {
    purpose: "authentication",
    apiClientId: client.id,
    customerId: account?.id ?? null,
  });
  return { challenge_id: challengeId, options };
}
