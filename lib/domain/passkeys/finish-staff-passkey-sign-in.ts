/**
 * The second step of a staff member's passkey sign-in, run by next-auth's "passkey" provider
 * (lib/http/staff-session.ts): the assertion alone signs the member in, no password and no code (a
 * passkey with user verification is two factors, so it satisfies a role that requires two-factor).
 * Counted before it is checked, per credential id and per IP address (given back on success); every
 * refusal is the same null, recorded in the audit log as a sign-in with the method "passkey": an
 * unknown credential, a challenge unknown, expired, used or not the back office's, a wrong origin (the
 * back office's own) or RP ID, no user verification, a bad signature, a signature counter that went
 * back (a cloned key: also logged), an inactive member.
 */
import { db } from "@/lib/platform/db";
import { log } from "@/lib/platform/runtime/log";
import { digestsEqual, sha256 } from "@/lib/platform/secrets";
import { recordSignIn, signInInsert, type SignInEntry } from "@/lib/domain/audit/record-sign-in";
import { type Attempt, countAttempt } from "@/lib/domain/rate-limits/count-attempt";
import { staffPasskeySignInLimits } from "@/lib/domain/rate-limits/limits";
import { refuse, releaseSteps } from "@/lib/domain/rate-limits/release-attempt";
import { type SignInSource, signedInStaffOf, type StaffCredentials } from "@/lib/domain/staff/sign-in-staff";
import type { AuthenticationCredential } from "./passkey-credential";
import { claimPasskeyChallenge } from "./passkey-challenges";
import { verifyPasskeyAssertion } from "./passkey-verification";
import { relyingPartyId } from "./relying-party";

/** A passkey sign-in the limits counted: only its credential may be checked. */
export type StaffPasskeySignIn = { credentialId: string; attempt: Attempt; source: SignInSource };

const entry = (
  source: SignInSource,
  outcome: SignInEntry["outcome"],
  staff?: { id: number; email: string },
): SignInEntry => ({ outcome, method: "passkey", email: staff?.email ?? "", staffId: staff?.id ?? null, ...source });

/** Counts a passkey sign-in for this credential id from this address: 429 once either has failed too often. */
export async function countStaffPasskeySignIn(credentialId: string, source: SignInSource): Promise<StaffPasskeySignIn> {
  relyingPartyId();
  const attempt = await countAttempt(staffPasskeySignInLimits(credentialId, source.ip));
  if (attempt.limited) await refuse(attempt, [signInInsert(entry(source, "rate_limited"))]);
  return { credentialId, attempt, source };
}

/** The member this assertion signs in, or null (recorded, and still counted). */
export async function verifyStaffPasskey(
  signIn: StaffPasskeySignIn,
  input: { challenge_id: string; credential: AuthenticationCredential },
  origins: string[],
): Promise<StaffCredentials | null> {
  const rpID = relyingPartyId();
  const { credential } = input;
  const { source } = signIn;
  const claimed =
    credential.id === signIn.credentialId && (await claimPasskeyChallenge(input.challenge_id, "authentication", null));
  const passkey =
    claimed &&
    (await db().staffPasskey.findUnique({ where: { credentialId: credential.id }, include: { staff: true } }));
  if (!claimed || !passkey) {
    await recordSignIn(entry(source, "wrong_credentials"));
    return null;
  }
  const { staff } = passkey;
  const refused = async (outcome: SignInEntry["outcome"]) => {
    await recordSignIn(entry(source, outcome, staff));
    return null;
  };
  const handle = credential.response.userHandle;
  if (handle !== undefined && !digestsEqual(sha256(handle), sha256(staff.passkeyUserHandle ?? ""))) {
    return refused("wrong_credentials");
  }
  const verified = await verifyPasskeyAssertion(credential, passkey, { challenge: claimed.challenge, origins, rpID });
  if (!verified) return refused("wrong_credentials");
  if (!staff.active) return refused("inactive");
  if (verified.cloned) {
    log().warn(
      { staff_id: staff.id, passkey_id: passkey.id },
      "a staff passkey's signature counter went back: refused",
    );
    return refused("wrong_credentials");
  }
  // Only over the counter read: of two answers with one counter, one moves it.
  const now = new Date();
  const { count } = await db().staffPasskey.updateMany({
    where: { id: passkey.id, signCount: passkey.signCount },
    data: { signCount: verified.counter, lastUsedAt: now, backedUp: verified.backedUp },
  });
  if (count !== 1) return refused("wrong_credentials");
  await db().staff.update({ where: { id: staff.id }, data: { lastLoginAt: now }, select: { id: true } });
  await recordSignIn(entry(source, "success", staff), releaseSteps(signIn.attempt));
  return { ...signedInStaffOf(staff), credentialsVersion: staff.credentialsVersion };
}
