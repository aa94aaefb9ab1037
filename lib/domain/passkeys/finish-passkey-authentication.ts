/**
 * The second step of a passkey login (POST /client/v1/passkeys/authentication/verify): a session
 * started exactly as a login starts one (issue-customer-login.ts), with no second factor asked (a
 * passkey with user verification is two factors). Counted against the login limits per credential
 * and per IP (a success gives its count back). Every refusal is the same 401: an unknown credential,
 * a challenge unknown, expired, used, another client's or tied to another account, a wrong origin
 * (the calling client's allowed origins) or RP ID, no user verification, a bad signature, a blocked
 * or closed account, a signature counter that went back. That last one also records an event and
 * e-mails the customer: someone holds a copy of the key.
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { unauthenticated } from "@/lib/platform/errors/domain-error";
import { countLogin } from "@/lib/platform/runtime/metrics";
import { digestsEqual, sha256 } from "@/lib/platform/secrets";
import { countAttempt } from "@/lib/domain/rate-limits/count-attempt";
import { passkeyLoginLimits } from "@/lib/domain/rate-limits/limits";
import { refuse } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import type { SessionTokens } from "@/lib/domain/tokens/issue-session-tokens";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { issueCustomerLogin } from "@/lib/domain/customer-sessions/issue-customer-login";
import type { AuthenticationCredential } from "./passkey-credential";
import { claimPasskeyChallenge } from "./passkey-challenges";
import { verifyPasskeyAssertion } from "./passkey-verification";
import { relyingPartyId } from "./relying-party";
import { reportClonedPasskey } from "./report-cloned-passkey";

export type FinishPasskeyAuthenticationOptions = {
  input: { challenge_id: string; credential: AuthenticationCredential };
  client: AuthenticatedClient;
  device: Device;
};

const refused = () => unauthenticated("This passkey could not sign in: ask for new options and try again");

export async function finishPasskeyAuthentication({
  input,
  client,
  device,
}: FinishPasskeyAuthenticationOptions): Promise<SessionTokens> {
  const rpID = relyingPartyId();
  const { credential } = input;
  const attempt = await countAttempt(passkeyLoginLimits(credential.id, device.ip));
  if (attempt.limited) {
    countLogin("rate_limited");
    await refuse(attempt);
  }
  const fail = () => {
    countLogin("failure");
    return refused();
  };
  const claimed = await claimPasskeyChallenge(input.challenge_id, "authentication", client.id);
  const passkey =
    claimed && (await db().passkey.findUnique({ where: { credentialId: credential.id }, include: { customer: true } }));
  if (!claimed || !passkey || (claimed.customerId !== null && claimed.customerId !== passkey.customerId)) throw fail();
  const { customer } = passkey;
  const handle = credential.response.userHandle;
  if (handle !== undefined && !digestsEqual(sha256(handle), sha256(customer.passkeyUserHandle ?? ""))) throw fail();

  const verified = await verifyPasskeyAssertion(credential, passkey, {
    challenge: claimed.challenge,
    origins: client.allowedOrigins,
    rpID,
  });
  if (!verified) throw fail();
  const event = { email: customer.email, customerId: customer.id, apiClientId: client.id, device };
  if (customer.blockedAt || customer.closedAt) {
    await recordEvent(db(), { ...event, type: "login_failed", outcome: "failure" });
    throw fail();
  }

  if (verified.cloned) {
    await reportClonedPasskey(customer, passkey.name, client.id, device);
    throw fail();
  }
  // Only over the counter read: of two answers with one counter, one moves it.
  const { count } = await db().passkey.updateMany({
    where: { id: passkey.id, signCount: passkey.signCount },
    data: { signCount: verified.counter, lastUsedAt: new Date(), backedUp: verified.backedUp },
  });
  if (count !== 1) throw fail();
  return issueCustomerLogin({ customer, client, device, attempt });
}
