/**
 * Who the passkeys are for: the relying party (WEBAUTHN_RP_ID, the business's domain, and a name
 * authenticators show) and the origins an answer may come from, which are the calling API client's
 * allowed origins (a web origin, or an Android app's `android:apk-key-hash:…`), so an assertion made
 * in one app is refused through another app's credentials. With WEBAUTHN_RP_ID unset, passkeys are off.
 */
import { config } from "@/lib/platform/config";
import { notFound } from "@/lib/platform/errors/domain-error";
import { currentBusinessDetails } from "@/lib/domain/reference-data/read-settings";

/** The COSE algorithms offered and accepted: ES256 and RS256. */
export const PASSKEY_ALGORITHMS = [-7, -257];

/** How long a challenge (and the options' timeout) lasts: 5 minutes. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/** The relying party's id; `not_found` while passkeys are off. */
export function relyingPartyId(): string {
  const rpId = config().WEBAUTHN_RP_ID;
  if (!rpId) throw notFound("Passkeys are not enabled on this service (WEBAUTHN_RP_ID is not set)");
  return rpId;
}

/** The name authenticators show: WEBAUTHN_RP_NAME, else the settings' trading name. */
export async function relyingPartyName(): Promise<string> {
  return config().WEBAUTHN_RP_NAME ?? (await currentBusinessDetails()).trading_name;
}
