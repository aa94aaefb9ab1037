/**
 * "Forgot password?" on the back office's sign-in page (POST /api/admin/password/forgot): a
 * single-use link, valid 1 hour, by e-mail through the outbox. The answer is the same for an
 * unknown address, an inactive account and an active one: every request counts against the
 * per-address and per-IP limits (staffForgotPassword*), whatever it finds, before the account is
 * looked up, so concurrent requests cannot send more than the limit allows and a 429 tells nothing.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import { composeEmail } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { countAttemptWith } from "@/lib/domain/rate-limits/count-attempt";
import { refuse } from "@/lib/domain/rate-limits/release-attempt";
import { staffForgotPasswordLimits } from "@/lib/domain/rate-limits/limits";
import { newToken } from "@/lib/domain/tokens/new-token";
import { createStaffPasswordToken } from "@/lib/domain/tokens/staff-password-token";

export type RequestStaffPasswordResetOptions = {
  /** Validated: trimmed and lower-cased. */
  email: string;
  ip: string;
  /** The back office's origin, where the link points: `<origin>/admin/reset-password#token=…`. */
  origin: string;
};

/** The page that takes the link's token (app/admin/reset-password), which reads it from the fragment. */
export const resetLink = (origin: string, token: string) => ({
  url: `${origin}/admin/reset-password#token=${token}`,
  token,
});

export async function requestStaffPasswordReset({ email, ip, origin }: RequestStaffPasswordResetOptions) {
  const { perEmail, perIp } = staffForgotPasswordLimits(email, ip);
  const { attempt, row: staff } = await countAttemptWith<{ id: number; active: boolean }>(
    [perEmail, perIp],
    Prisma.sql`SELECT id, active FROM staff WHERE email = ${email}`,
  );
  if (attempt.limited) await refuse(attempt);
  if (!staff?.active) return;

  const reset = newToken();
  const mail = await composeEmail("staff_reset_password", email, resetLink(origin, reset.token), null);
  const now = new Date();
  await auditedChange({ staffId: staff.id }, [], async (tx) => {
    await createStaffPasswordToken(tx, staff.id, reset.tokenHash, now);
    await queueEmail(tx, mail, now);
    return { result: undefined, audit: { action: "request_password_reset", resource: "staff", resourceId: staff.id } };
  });
  emailQueued(mail);
}
