/**
 * A signed-in staff member's new password (POST /api/admin/me/password): the current one checked
 * (./verify-current-staff-password.ts: counted against the member's sign-in limit, a right one's
 * count given back with the change), the new one under the customers' rules.
 */
import { unauthenticated } from "@/lib/platform/errors/domain-error";
import { oneStatement } from "@/lib/platform/db/one-statement";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import { checkPasswordStrength } from "@/lib/domain/passwords/check-password-strength";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { releaseSteps } from "@/lib/domain/rate-limits/release-attempt";
import { passwordChangeEntry, setStaffPassword } from "./set-staff-password";
import type { SignedInStaff } from "./sign-in-staff";
import { verifyCurrentStaffPassword } from "./verify-current-staff-password";

export type ChangeOwnStaffPasswordOptions = {
  staff: SignedInStaff;
  /** Validated. */
  input: { current_password: string; password: string };
};

/**
 * Sets the new password and returns the new credentials version: every session of the member
 * ends, and the caller issues the calling one again under that version. Only the version the
 * current password was checked against may be raised: of two changes at once, the second is
 * refused (401), its session having ended with the first.
 */
export async function changeOwnStaffPassword({ staff, input }: ChangeOwnStaffPasswordOptions): Promise<number> {
  checkPasswordStrength(input.password, staff.email);
  const { row, attempt } = await verifyCurrentStaffPassword(staff, input.current_password);

  const passwordHash = await hashPassword(input.password);
  return auditedChange({ staffId: staff.id }, [], async (tx) => {
    const version = await setStaffPassword(tx, staff.id, passwordHash, row.credentialsVersion);
    if (version === null) throw unauthenticated("Your password was changed meanwhile: sign in again");
    const release = releaseSteps(attempt);
    if (release.length > 0) await tx.$executeRaw(oneStatement(release));
    return { result: version, audit: passwordChangeEntry("change_password", staff.id) };
  });
}
