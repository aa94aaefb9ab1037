/**
 * The step-up before a change to a signed-in member's own way of signing in (adding or removing a
 * passkey): the current password (./verify-current-staff-password.ts, counted against the member's
 * sign-in limit) and, for a member with two-factor, a code of the moment or a recovery code
 * (./staff-two-factor.ts). A wrong password or code stays counted; a right pair gives its count back.
 */
import type { Staff } from "@/lib/generated/prisma/client";
import { fieldError } from "@/lib/platform/errors/domain-error";
import { release } from "@/lib/domain/rate-limits/release-attempt";
import type { SignedInStaff } from "./sign-in-staff";
import { acceptSecondFactor } from "./staff-two-factor";
import { verifyCurrentStaffPassword } from "./verify-current-staff-password";

export type StaffStepUp = { current_password: string; code?: string };

/** The member's row once they have stepped up; `current_password/invalid`, `code/required` or `code/invalid` otherwise. */
export async function stepUpStaff(staff: SignedInStaff, input: StaffStepUp): Promise<Staff> {
  const { row, attempt } = await verifyCurrentStaffPassword(staff, input.current_password);
  if (row.totpSecretEncrypted) {
    if (!input.code)
      throw fieldError("code", "required", "Two-factor is on: enter the code your authenticator app shows");
    if (!(await acceptSecondFactor(row, input.code))) {
      throw fieldError("code", "invalid", "This code is not right, or was already used");
    }
  }
  await release(attempt);
  return row;
}
