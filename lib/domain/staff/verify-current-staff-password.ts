/**
 * The signed-in member's current password, asked again before a change to their own credentials
 * (a new password, two-factor set up again). It is a guess like a sign-in's: each attempt counts
 * against the member's sign-in limit (staffSignInPerEmail) before it is checked (429 once it is
 * spent), and a wrong one stays counted (400 current_password/invalid). A right one's count is
 * given back by the caller, in the transaction of its change: `releaseSteps(attempt)`.
 */
import type { Staff } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { fieldError, unauthenticated } from "@/lib/platform/errors/domain-error";
import { verifyPassword } from "@/lib/domain/passwords/verify-password";
import type { Attempt } from "@/lib/domain/rate-limits/count-attempt";
import { check, limit } from "@/lib/domain/rate-limits/limits";
import { refuse } from "@/lib/domain/rate-limits/release-attempt";
import type { SignedInStaff } from "./sign-in-staff";

/** The member's row, read with the password hash it was checked against, and the counted attempt. */
export async function verifyCurrentStaffPassword(
  staff: SignedInStaff,
  currentPassword: string,
): Promise<{ row: Staff; attempt: Attempt }> {
  const attempt = await check([limit("staffSignInPerEmail", staff.email)]);
  if (attempt.limited) await refuse(attempt);
  const row = await db().staff.findUnique({ where: { id: staff.id } });
  if (!row) throw unauthenticated("Sign in to the back office first");
  if (!(await verifyPassword(currentPassword, row.passwordHash)).valid) {
    throw fieldError("current_password", "invalid", "The current password is incorrect");
  }
  return { row, attempt };
}
