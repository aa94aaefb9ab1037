/** A locale or timezone added from the back office, in one transaction with its audit entry. */
import { isUniqueViolation } from "@/lib/db/errors";
import { fieldError } from "@/lib/errors/domain-error";
import { auditedChange } from "@/lib/audit/audited-change";
import type { Actor } from "@/lib/audit/record-audit";
import {
  displayOptionTable,
  toDisplayOptionRecord,
  type DisplayOptionKind,
  type DisplayOptionRecord,
} from "./display-option-record";
import type { NewDisplayOption } from "./display-option-schemas";

export async function createDisplayOption(
  kind: DisplayOptionKind,
  input: NewDisplayOption,
  actor: Actor,
): Promise<DisplayOptionRecord> {
  try {
    return await auditedChange(actor, ["reference"], async (tx) => {
      const after = toDisplayOptionRecord(await displayOptionTable(tx, kind).create({ data: input }));
      return { result: after, audit: { action: "create", resource: kind, resourceId: after.id, after } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("id", "unique", `${input.id} is already in the list`);
    throw error;
  }
}
