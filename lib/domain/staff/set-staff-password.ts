/**
 * What every staff password change shares (their own, an admin's reset, a forgot-password link):
 * the new hash and a new credentials version in one UPDATE, so every session issued under the old
 * version ends (lib/http/staff-session.ts), even one a sign-in racing the change issues afterwards;
 * and any "forgot password" link still out stops working. Its audit entry never holds the password
 * or a hash.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditAction } from "@/lib/generated/prisma/enums";
import type { AuditEntry } from "@/lib/domain/audit/record-audit";
import { endStaffPasswordTokens } from "@/lib/domain/tokens/staff-password-token";

export type PasswordChangeAction = Extract<
  AuditAction,
  "change_password" | "reset_password" | "reset_password_by_link"
>;

/**
 * Sets `passwordHash` on `staffId` within `tx`; with `fromVersion`, only if the credentials version
 * is still that one. The new version, or null when there was no such row (or it had moved on).
 */
export async function setStaffPassword(
  tx: Prisma.TransactionClient,
  staffId: number,
  passwordHash: string,
  fromVersion?: number,
): Promise<number | null> {
  const { count } = await tx.staff.updateMany({
    where: { id: staffId, credentialsVersion: fromVersion },
    data: { passwordHash, credentialsVersion: { increment: 1 } },
  });
  if (count !== 1) return null;
  await endStaffPasswordTokens(tx, staffId);
  const { credentialsVersion } = await tx.staff.findUniqueOrThrow({
    where: { id: staffId },
    select: { credentialsVersion: true },
  });
  return credentialsVersion;
}

/** The audit entry of a password change of `staffId`. */
export const passwordChangeEntry = (action: PasswordChangeAction, staffId: number): AuditEntry => ({
  action,
  resource: "staff",
  resourceId: staffId,
  after: { password: "changed", sessions: "every other session ended" },
});
