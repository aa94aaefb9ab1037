/**
 * Starts (or starts again) a staff member's own two-factor enrolment: a new secret, kept encrypted
 * as pending until a code confirms it (./confirm-two-factor.ts). A two-factor already confirmed
 * stays in force meanwhile, and starting again over it needs the current password
 * (./verify-current-staff-password.ts), or a stolen session alone could replace the owner's
 * authenticator and recovery codes. Audited, without the secret. Authenticator apps list it under
 * the back office's name ("<trading name> back office").
 */
import { auditedChange } from "@/lib/domain/audit/audited-change";
import { db } from "@/lib/platform/db";
import { oneStatement, type Step } from "@/lib/platform/db/one-statement";
import { fieldError, unauthenticated } from "@/lib/platform/errors/domain-error";
import { releaseSteps } from "@/lib/domain/rate-limits/release-attempt";
import { backOfficeName } from "@/lib/domain/reference-data/back-office-name";
import { currentBusinessDetails } from "@/lib/domain/reference-data/read-settings";
import type { SignedInStaff } from "./sign-in-staff";
import { newTotpSecret, type TotpEnrolment } from "@/lib/domain/two-factor/new-totp-secret";
import { sealTotpSecret } from "@/lib/domain/two-factor/totp-secret-box";
import { verifyCurrentStaffPassword } from "./verify-current-staff-password";

export type StartTwoFactorEnrolmentOptions = {
  staff: SignedInStaff;
  /** Validated; needed only when two-factor is on. */
  currentPassword?: string;
};

const passwordRequired = () =>
  fieldError("current_password", "required", "Two-factor is on: enter your current password to set it up again");

export async function startTwoFactorEnrolment({
  staff,
  currentPassword,
}: StartTwoFactorEnrolmentOptions): Promise<TotpEnrolment> {
  let row = await db().staff.findUnique({ where: { id: staff.id } });
  if (!row) throw unauthenticated("Sign in to the back office first");
  let release: Step[] = [];
  if (row.totpSecretEncrypted) {
    if (currentPassword === undefined) throw passwordRequired();
    const checked = await verifyCurrentStaffPassword(staff, currentPassword);
    row = checked.row;
    release = releaseSteps(checked.attempt);
  }
  // The two-factor the password was (or did not need to be) asked for.
  const confirmed = row.totpSecretEncrypted;
  const enrolment = newTotpSecret(backOfficeName((await currentBusinessDetails()).trading_name), row.email);
  return auditedChange({ staffId: staff.id }, [], async (tx) => {
    // Only over that two-factor: one confirmed meanwhile asks for the password again.
    const { count } = await tx.staff.updateMany({
      where: { id: staff.id, totpSecretEncrypted: confirmed },
      data: { totpPendingSecretEncrypted: sealTotpSecret("staff", enrolment.secret) },
    });
    if (count !== 1) throw passwordRequired();
    if (release.length > 0) await tx.$executeRaw(oneStatement(release));
    return {
      result: enrolment,
      audit: { action: "two_factor_enrolment_started", resource: "staff", resourceId: staff.id },
    };
  });
}
