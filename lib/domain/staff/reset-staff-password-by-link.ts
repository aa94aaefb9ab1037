/**
 * The second step of "Forgot password?" (POST /api/admin/password/reset): the link's token, used
 * once, and the new password under the customers' rules. Every session of the member ends.
 */
import { fieldError } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import { checkPasswordStrength } from "@/lib/domain/passwords/check-password-strength";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { consumeStaffPasswordToken, findUsableStaffPasswordToken } from "@/lib/domain/tokens/staff-password-token";
import { passwordChangeEntry, setStaffPassword } from "./set-staff-password";

const invalidLink = () => fieldError("token", "invalid", "This reset link is invalid, expired or already used");

/** Of two requests with the same token at once, exactly one changes the password; the other is refused. */
export async function resetStaffPasswordByLink(input: { token: string; password: string }): Promise<void> {
  const token = await findUsableStaffPasswordToken(input.token);
  if (!token?.staff.active) throw invalidLink();
  checkPasswordStrength(input.password, token.staff.email);

  const passwordHash = await hashPassword(input.password);
  await auditedChange({ staffId: token.staffId }, [], async (tx) => {
    if (!(await consumeStaffPasswordToken(tx, token.id))) throw invalidLink();
    await setStaffPassword(tx, token.staffId, passwordHash);
    return { result: undefined, audit: passwordChangeEntry("reset_password_by_link", token.staffId) };
  });
}
