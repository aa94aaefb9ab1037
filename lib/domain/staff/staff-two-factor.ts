/**
 * Two-factor sign-in of staff (TOTP and recovery codes, lib/domain/two-factor/): who must have it
 * (STAFF_MFA_REQUIRED_ROLES) and checking a code. A code's step is recorded as the last one accepted
 * in the same statement that accepts it: a code is never accepted twice, even by two sign-ins at once. A recovery code is deleted as it is used, by one statement, so it works once.
 */
import type { Staff } from "@/lib/generated/prisma/client";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { recoveryCodeHash } from "@/lib/domain/two-factor/recovery-codes";
import { MAX_CODE_LENGTH, totpStep } from "@/lib/domain/two-factor/totp-code";
import { openTotpSecret } from "@/lib/domain/two-factor/totp-secret-box";

export function twoFactorRequired(role: StaffRole): boolean {
  return config().STAFF_MFA_REQUIRED_ROLES.includes(role);
}

/** Records `step` as the last one accepted, unless this or a later one was already: true when this call did. */
async function claimTotpStep(staffId: number, step: number): Promise<boolean> {
  const { count } = await db().staff.updateMany({
    where: { id: staffId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1;
}

/**
 * Whether `code` is this staff member's second factor now: a TOTP code of the confirmed secret, or
 * an unused recovery code, which is used up. Malformed, oversized or replayed codes are false.
 */
export async function acceptSecondFactor(staff: Staff, code: string): Promise<boolean> {
  if (!staff.totpSecretEncrypted || code.length > MAX_CODE_LENGTH) return false;
  // A secret sealed under another AUTH_SECRET cannot be read: the recovery codes still work.
  const secret = openTotpSecret("staff", staff.totpSecretEncrypted);
  const step = secret && (await totpStep(secret, code.trim(), staff.totpLastStep));
  if (step) return claimTotpStep(staff.id, step);
  const codeHash = recoveryCodeHash(code);
  if (!codeHash) return false;
  const { count } = await db().staffRecoveryCode.deleteMany({ where: { staffId: staff.id, codeHash } });
  return count === 1;
}

/** A member whose role requires two-factor and who has none yet may do nothing but enrol. */
export function heldForEnrolment(staff: { role: StaffRole; twoFactor: boolean }): boolean {
  return !staff.twoFactor && twoFactorRequired(staff.role);
}
