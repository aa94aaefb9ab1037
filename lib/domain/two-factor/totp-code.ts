/**
 * Checking a TOTP code (RFC 6238, 6 digits every 30 s, otplib), for staff and customers alike: a
 * code is accepted for the current step or one either side (clock drift), and only for a step
 * later than the last one accepted, which the caller records in the same statement that accepts it.
 */
import { verify } from "otplib";

const TOTP_CODE = /^\d{6}$/;

/** A second-factor code (TOTP or recovery) no longer than this is checked; a longer one is wrong, unread. */
export const MAX_CODE_LENGTH = 64;

/** The step of `code` for this secret if it is valid now (±1 step) and later than `afterStep`, else null. */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!TOTP_CODE.test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: 30, afterTimeStep: afterStep ?? undefined });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/**
 * Whether `code` is valid now (±1 step) for a step no later than `lastStep`, the last one accepted:
 * a code already used, told apart from a wrong one so its person knows to wait for the next.
 */
export async function isUsedCode(secret: string, code: string, lastStep: number | null): Promise<boolean> {
  if (lastStep === null || !TOTP_CODE.test(code)) return false;
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  return result.valid && "timeStep" in result && result.timeStep <= lastStep;
}
