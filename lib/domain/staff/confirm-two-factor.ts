/**
 * Confirms a staff member's pending two-factor enrolment with a code of its secret: the secret
 * becomes the one sign-in checks (replacing any earlier one), the code's step counts as used (the new secret's steps start there), and
 * ten new recovery codes replace any earlier ones; they are returned this once and stored hashed.
 * A wrong code, or no enrolment started, is a 400 and changes nothing. Audited, without secrets.
 */
import { auditedChange } from "@/lib/domain/audit/audited-change";
import { fieldError, invalidRequest } from "@/lib/platform/errors/domain-error";
import { newRecoveryCodes } from "@/lib/domain/two-factor/recovery-codes";
import { totpStep } from "@/lib/domain/two-factor/totp-code";
import { openTotpSecret } from "@/lib/domain/two-factor/totp-secret-box";

const wrongCode = () => fieldError("code", "invalid", "This code is not right: enter the code your app shows now");

export async function confirmTwoFactor(staffId: number, code: string): Promise<{ recovery_codes: string[] }> {
  return auditedChange({ staffId }, [], async (tx) => {
    const staff = await tx.staff.findUniqueOrThrow({ where: { id: staffId } });
    const pending = staff.totpPendingSecretEncrypted;
    const secret = pending && openTotpSecret("staff", pending);
    if (!pending || !secret) throw invalidRequest("Start the two-factor set-up first");
    const step = await totpStep(secret, code, null);
    if (step === null) throw wrongCode();
    // Only the enrolment read above: of two confirmations at once one wins, and a restart meanwhile stays.
    const { count } = await tx.staff.updateMany({
      where: { id: staffId, totpPendingSecretEncrypted: pending },
      data: { totpSecretEncrypted: pending, totpPendingSecretEncrypted: null, totpLastStep: step },
    });
    if (count !== 1) throw wrongCode();
    const { codes, hashes } = newRecoveryCodes();
    await tx.staffRecoveryCode.deleteMany({ where: { staffId } });
    await tx.staffRecoveryCode.createMany({ data: hashes.map((codeHash) => ({ staffId, codeHash })) });
    return {
      result: { recovery_codes: codes },
      audit: {
        action: "two_factor_enabled",
        resource: "staff",
        resourceId: staffId,
        before: { two_factor: !!staff.totpSecretEncrypted },
        after: { two_factor: true },
      },
    };
  });
}
