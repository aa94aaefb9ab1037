/** Renames, changes role, deactivates or reactivates a staff account. Nobody may lock themselves out. */
import type { z } from "zod";
import { forbidden, notFound } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { toStaffRecord, type StaffRecord } from "./staff-record";
import type { staffChanges } from "./staff-schemas";

export async function updateStaff(
  id: number,
  changes: z.infer<typeof staffChanges>,
  actor: Actor,
): Promise<StaffRecord> {
  if (id === actor.staffId && (changes.active === false || (changes.role && changes.role !== "admin"))) {
    throw forbidden("You cannot deactivate yourself or take away your own admin role");
  }
  return auditedChange(actor, [], async (tx) => {
    const existing = await tx.staff.findUnique({ where: { id } });
    if (!existing) throw notFound("No such staff member");
    const updated = toStaffRecord(await tx.staff.update({ where: { id }, data: changes }));
    return {
      result: updated,
      audit: { action: "update", resource: "staff", resourceId: id, before: toStaffRecord(existing), after: updated },
    };
  });
}
