/**
 * A locale or timezone added from the back office, in one transaction with its audit entry. Given
 * no position, it goes to the end of its list (the highest position plus one).
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { fieldError } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import {
  displayOptionTable,
  toDisplayOptionRecord,
  type DisplayOptionKind,
  type DisplayOptionRecord,
} from "./display-option-record";
import type { NewDisplayOption } from "./display-option-schemas";

/**
 * The position after the last one. Two additions at once must not both read the same last
 * position: the table is locked against other writers (readers go on) until the transaction ends,
 * so the second waits and then reads the first's row. Prisma has no words for a lock.
 */
async function endOfList(tx: Prisma.TransactionClient, kind: DisplayOptionKind): Promise<number> {
  if (kind === "locales") await tx.$executeRaw`LOCK TABLE locales IN SHARE ROW EXCLUSIVE MODE`;
  else await tx.$executeRaw`LOCK TABLE timezones IN SHARE ROW EXCLUSIVE MODE`;
  const [last] = await displayOptionTable(tx, kind).findMany({
    where: {},
    orderBy: [{ position: "desc" }],
    skip: 0,
    take: 1,
  });
  return last ? last.position + 1 : 0;
}

export async function createDisplayOption(
  kind: DisplayOptionKind,
  input: NewDisplayOption,
  actor: Actor,
): Promise<DisplayOptionRecord> {
  try {
    return await auditedChange(actor, ["reference"], async (tx) => {
      const position = input.position ?? (await endOfList(tx, kind));
      const after = toDisplayOptionRecord(await displayOptionTable(tx, kind).create({ data: { ...input, position } }));
      return { result: after, audit: { action: "create", resource: kind, resourceId: after.id, after } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("id", "unique", `${input.id} is already in the list`);
    throw error;
  }
}
