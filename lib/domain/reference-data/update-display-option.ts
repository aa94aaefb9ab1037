/** A locale or timezone changed from the back office, in one transaction with its audit entry. */
import { notFound } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import {
  displayOptionTable,
  toDisplayOptionRecord,
  type DisplayOptionKind,
  type DisplayOptionRecord,
} from "./display-option-record";
import type { DisplayOptionChanges } from "./display-option-schemas";

export async function updateDisplayOption(
  kind: DisplayOptionKind,
  id: string,
  changes: DisplayOptionChanges,
  actor: Actor,
): Promise<DisplayOptionRecord> {
  return auditedChange(actor, ["reference"], async (tx) => {
    const existing = await displayOptionTable(tx, kind).findUnique({ where: { id } });
    if (!existing) throw notFound();
    const after = toDisplayOptionRecord(await displayOptionTable(tx, kind).update({ where: { id }, data: changes }));
    return {
      result: after,
      audit: { action: "update", resource: kind, resourceId: id, before: toDisplayOptionRecord(existing), after },
    };
  });
}
