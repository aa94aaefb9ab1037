/**
 * Two-factor sign-in of staff (TOTP, RFC 6238, 6 digits every 30 s, otplib): who must have it
 * (STAFF_MFA_REQUIRED_ROLES), checking a code, and the one-time recovery codes. A code is accepted
 * for the current step or one either side (clock drift), and only for a step later than the last
 * one accepted, recorded in the same statement: a code is never accepted twice, even by two
 * sign-ins at once. A recovery code is deleted as it is used, by one statement, so it works once.
 */
import { randomInt } from "node:crypto";
import { verify } from "otplib";
import type { Staff } from "@/lib/generated/prisma/client";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { sha256 } from "@/lib/platform/secrets";
import { openTotpSecret } from "./totp-secret-box";

const RECOVERY_CODE_COUNT = 10;

const TOTP_CODE = /^\d{6}$/;
// Ten characters of an alphabet without look-alikes (31 signs, 49 bits), shown as xxxxx-xxxxx.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_CODE = /^[a-z0-9]{10}$/;

export function twoFactorRequired(role: StaffRole): boolean {
  return config().STAFF_MFA_REQUIRED_ROLES.includes(role);
}

/** The step of `code` for this secret if it is valid now (±1 step) and later than `afterStep`, else null. */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!TOTP_CODE.test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: 30, afterTimeStep: afterStep ?? undefined });
  return result.valid && "timeStep" in result ? result.timeStep : null;
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
  if (!staff.totpSecretEncrypted || code.length > 64) return false;
  // A secret sealed under another AUTH_SECRET cannot be read: the recovery codes still work.
  const secret = openTotpSecret(staff.totpSecretEncrypted);
  const step = secret && (await totpStep(secret, code.trim(), staff.totpLastStep));
  if (step) return claimTotpStep(staff.id, step);
  const recovery = normalizeRecoveryCode(code);
  if (!recovery) return false;
  const { count } = await db().staffRecoveryCode.deleteMany({
    where: { staffId: staff.id, codeHash: sha256(recovery) },
  });
  return count === 1;
}

function normalizeRecoveryCode(code: string): string | null {
  const compact = code.toLowerCase().replace(/[\s-]/g, "");
  return RECOVERY_CODE.test(compact) ? compact : null;
}

/** Ten new recovery codes as shown once (xxxxx-xxxxx), and their hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
  return { codes, hashes: codes.map((code) => sha256(code.replace("-", ""))) };
}

/** A member whose role requires two-factor and who has none yet may do nothing but enrol. */
export function heldForEnrolment(staff: { role: StaffRole; twoFactor: boolean }): boolean {
  return !staff.twoFactor && twoFactorRequired(staff.role);
}
