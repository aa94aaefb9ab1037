/**
 * An admin resets a colleague's two-factor (a lost phone): the secret, any pending enrolment and
 * the recovery codes go; the member signs in with the password alone and, when the role requires
 * it, can do nothing but enrol again. Audited; nothing is written when there was nothing to reset.
 */
import { auditedChange } from "@/lib/audit/audited-change";
import type { Actor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors/domain-error";
import { toStaffRecord, type StaffRecord } from "./staff-record";

export async function resetTwoFactor(id: number, actor: Actor): Promise<StaffRecord> {
  return auditedChange(actor, [], async (tx) => {
    const existing = await tx.staff.findUnique({ where: { id } });
    if (!existing) throw notFound("No such staff member");
    if (!existing.totpSecretEncrypted && !existing.totpPendingSecretEncrypted) {
      return { result: toStaffRecord(existing) };
    }
    const updated = await tx.staff.update({
      where: { id },
      data: { totpSecretEncrypted: null, totpPendingSecretEncrypted: null, totpLastStep: null },
    });
    await tx.staffRecoveryCode.deleteMany({ where: { staffId: id } });
    return {
      result: toStaffRecord(updated),
      audit: {
        action: "two_factor_reset",
        resource: "staff",
        resourceId: id,
        before: toStaffRecord(existing),
        after: toStaffRecord(updated),
      },
    };
  });
}
