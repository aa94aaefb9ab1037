/**
 * Staff sign-in: e-mail and password against the staff table, and for a member with two-factor the
 * code of the moment or a recovery code (./staff-two-factor.ts). Attempts count per e-mail and per
 * IP address like customers' logins, in buckets of their own: counted before the password is
 * checked, given back when it was right and so was the code (or none was given yet: the page then
 * asks for it); a wrong code stays counted. Every attempt with an outcome is an entry of the audit
 * log (lib/domain/audit/record-sign-in.ts), written in the statement that gives the count back when there is one;
 * a wrong code after the right password is `wrong_code`, told apart from `wrong_credentials` there.
 */
import { Prisma, type Staff } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { oneStatement } from "@/lib/platform/db/one-statement";
import { refuse, release, releaseSteps } from "@/lib/domain/rate-limits/release-attempt";
import type { Attempt } from "@/lib/domain/rate-limits/count-attempt";
import { check, staffSignInLimits } from "@/lib/domain/rate-limits/limits";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { verifyPassword } from "@/lib/domain/passwords/verify-password";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { acceptSecondFactor } from "./staff-two-factor";
import { signInInsert, type SignInEntry } from "@/lib/domain/audit/record-sign-in";

/** `twoFactor`: whether the member signs in with a second factor. */
export type SignedInStaff = { id: number; email: string; name: string; role: StaffRole; twoFactor: boolean };

/** The password was right, and the member has two-factor: the sign-in needs its code. */
export const CODE_REQUIRED = "code_required";

/** A signed-in staff member and the credentials version their session is issued under. */
export type StaffCredentials = SignedInStaff & { credentialsVersion: number };

/** Where a sign-in comes from: the request's address and its User-Agent. */
export type SignInSource = { ip: string; userAgent: string };

/** A sign-in attempt that the limits counted: only its e-mail may be checked. */
export type StaffSignInAttempt = { email: string; attempt: Attempt; source: SignInSource };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Counts a sign-in attempt for this e-mail from this address. Throws the API's 429 (with
 * Retry-After) once either has failed too often, or its 503 when the attempt cannot be counted.
 */
export async function countStaffSignIn(emailInput: string, source: SignInSource): Promise<StaffSignInAttempt> {
  const email = normalizeEmail(emailInput);
  const { perEmail, perIp } = staffSignInLimits(email, source.ip);
  const attempt = await check([perEmail, perIp]);
  if (attempt.limited) {
    const staff = await db().staff.findUnique({ where: { email }, select: { id: true } });
    await refuse(attempt, [signInInsert(entry({ email, source }, "rate_limited", staff?.id ?? null))]);
  }
  return { email, attempt, source };
}

const entry = (
  signIn: Pick<StaffSignInAttempt, "email" | "source">,
  outcome: SignInEntry["outcome"],
  staffId: number | null,
): SignInEntry => ({ outcome, method: "password", email: signIn.email, staffId, ...signIn.source });

/**
 * The staff member these credentials belong to, or null. An unknown e-mail, a wrong password, an
 * inactive account and a wrong second-factor `code` are the same null, in comparable time, and stay
 * counted. CODE_REQUIRED, only once the password was right, when the member has two-factor and no
 * code was given. Only the e-mail the attempt was counted for is checked.
 */
export async function verifyStaffCredentials(
  signIn: StaffSignInAttempt,
  emailInput: string,
  password: string,
  code: string | undefined,
): Promise<StaffCredentials | typeof CODE_REQUIRED | null> {
  if (normalizeEmail(emailInput) !== signIn.email) {
    // Another e-mail than the one counted: refused unchecked, recorded under the counted one.
    await db().$executeRaw(signInInsert(entry(signIn, "wrong_credentials", null)));
    return null;
  }
  const staff = await db().staff.findUnique({ where: { email: signIn.email } });
  const verification = await verifyPassword(password, staff?.passwordHash);
  if (!staff || !verification.valid || !staff.active) {
    const outcome = staff && verification.valid ? "inactive" : "wrong_credentials";
    await db().$executeRaw(signInInsert(entry(signIn, outcome, staff?.id ?? null)));
    return null;
  }
  if (staff.totpSecretEncrypted) {
    if (!code) {
      await release(signIn.attempt);
      return CODE_REQUIRED;
    }
    if (!(await acceptSecondFactor(staff, code))) {
      await db().$executeRaw(signInInsert(entry(signIn, "wrong_code", staff.id)));
      return null;
    }
  }

  // A new hash of the same password, only over the one just verified: a change meanwhile stays.
  const rehash = verification.needsRehash
    ? Prisma.sql`, password_hash = CASE WHEN password_hash = ${staff.passwordHash} THEN ${await hashPassword(password)} ELSE password_hash END`
    : Prisma.empty;
  await db().$executeRaw(
    oneStatement([
      ...releaseSteps(signIn.attempt),
      Prisma.sql`UPDATE staff SET last_login_at = ${new Date()} ${rehash} WHERE id = ${staff.id}`,
      signInInsert(entry(signIn, "success", staff.id)),
    ]),
  );
  // The session carries the version read with the hash just verified: if the password changes
  // meanwhile, the session is born dead (lib/http/staff-session.ts).
  return { ...signedInStaffOf(staff), credentialsVersion: staff.credentialsVersion };
}

/** What a session knows of a staff member, from their row. */
export function signedInStaffOf(staff: Staff): SignedInStaff {
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    twoFactor: !!staff.totpSecretEncrypted,
  };
}
