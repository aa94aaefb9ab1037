/** A locale or timezone removed from the back office, in one transaction with its audit entry. */
import { notFound } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import {
  displayOptionTable,
  toDisplayOptionRecord,
  type DisplayOptionKind,
  type DisplayOptionRecord,
} from "./display-option-record";

export async function deleteDisplayOption(
  kind: DisplayOptionKind,
  id: string,
  actor: Actor,
): Promise<DisplayOptionRecord> {
  return auditedChange(actor, ["reference"], async (tx) => {
    const existing = await displayOptionTable(tx, kind).findUnique({ where: { id } });
    if (!existing) throw notFound();
    // Of two deletions at once, both find it; the second deletes nothing and is the same 404.
    const { count } = await displayOptionTable(tx, kind).deleteMany({ where: { id } });
    if (count === 0) throw notFound();
    const before = toDisplayOptionRecord(existing);
    return { result: before, audit: { action: "delete", resource: kind, resourceId: id, before } };
  });
}
