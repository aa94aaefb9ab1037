/**
 * The second step of a staff member adding a passkey (POST /api/admin/me/passkeys/registration/verify):
 * the challenge claimed (once, for this member, issued by the back office), the credential checked
 * against it, WEBAUTHN_RP_ID and the back office's own origin (./passkey-verification.ts), then stored
 * with its audit entry (add_passkey). Every refusal is a coded 400 and stores nothing.
 */
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { fieldError } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { SignedInStaff } from "@/lib/domain/staff/sign-in-staff";
import type { RegistrationCredential } from "./passkey-credential";
import { claimPasskeyChallenge } from "./passkey-challenges";
import { DEFAULT_PASSKEY_NAME, MAX_PASSKEYS_PER_CUSTOMER, type PasskeyRecord, toPasskeyRecord } from "./passkey-record";
import { passkeyRefused, verifyNewPasskey } from "./passkey-verification";
import { relyingPartyId } from "./relying-party";

export type FinishStaffPasskeyRegistrationOptions = {
  staff: SignedInStaff;
  input: { challenge_id: string; credential: RegistrationCredential; name?: string };
  /** The back office's own origins, which the browser's answer must come from. */
  origins: string[];
};

export async function finishStaffPasskeyRegistration({
  staff,
  input,
  origins,
}: FinishStaffPasskeyRegistrationOptions): Promise<PasskeyRecord> {
  const rpID = relyingPartyId();
  const claimed = await claimPasskeyChallenge(input.challenge_id, "registration", null, { staffId: staff.id });
  if (!claimed) {
    throw fieldError(
      "challenge_id",
      "invalid",
      "This challenge is unknown, expired, used or not yours: ask for new options",
    );
  }
  const verified = await verifyNewPasskey(input.credential, { challenge: claimed.challenge, origins, rpID });
  const name = input.name || DEFAULT_PASSKEY_NAME;
  try {
    const passkey = await auditedChange({ staffId: staff.id }, [], async (tx) => {
      // The member's row written (its handle, unchanged) and so locked: two registrations at once take
      // turns, and the second counts the first's passkey.
      const { passkeyUserHandle } = await tx.staff.findUniqueOrThrow({ where: { id: staff.id } });
      await tx.staff.update({ where: { id: staff.id }, data: { passkeyUserHandle }, select: { id: true } });
      if ((await tx.staffPasskey.count({ where: { staffId: staff.id } })) >= MAX_PASSKEYS_PER_CUSTOMER) {
        throw passkeyRefused(`an account holds at most ${MAX_PASSKEYS_PER_CUSTOMER} passkeys: remove one first`);
      }
      const created = await tx.staffPasskey.create({ data: { staffId: staff.id, ...verified, name } });
      return {
        result: created,
        audit: {
          action: "add_passkey",
          resource: "staff",
          resourceId: staff.id,
          after: { passkey_id: created.id, name },
        },
      };
    });
    return toPasskeyRecord(passkey);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw fieldError("credential", "unique", "This passkey is already registered to an account");
    }
    throw error;
  }
}
