/**
 * An admin resets a colleague's two-factor (a lost phone): the secret, any pending enrolment and
 * the recovery codes go; the member signs in with the password alone and, when the role requires
 * it, can do nothing but enrol again. Audited; nothing is written when there was nothing to reset.
 */
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { notFound } from "@/lib/platform/errors/domain-error";
import { toStaffRecord, type StaffRecord } from "./staff-record";

export async function resetTwoFactor(id: number, actor: Actor): Promise<StaffRecord> {
  return auditedChange(actor, [], async (tx) => {
    const existing = await tx.staff.findUnique({ where: { id } });
    if (!existing) throw notFound("No such staff member");
    // Only while there is something to reset: of two resets at once, one is written and audited.
    const { count } = await tx.staff.updateMany({
      where: { id, OR: [{ totpSecretEncrypted: { not: null } }, { totpPendingSecretEncrypted: { not: null } }] },
      data: { totpSecretEncrypted: null, totpPendingSecretEncrypted: null, totpLastStep: null },
    });
    const updated = toStaffRecord(await tx.staff.findUniqueOrThrow({ where: { id } }));
    if (count === 0) return { result: updated };
    await tx.staffRecoveryCode.deleteMany({ where: { staffId: id } });
    return {
      result: updated,
      audit: {
        action: "two_factor_reset",
        resource: "staff",
        resourceId: id,
        before: toStaffRecord(existing),
        after: updated,
      },
    };
  });
}
