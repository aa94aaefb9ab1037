/** One locale or timezone as the back office sees it. */
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import {
  displayOptionTable,
  toDisplayOptionRecord,
  type DisplayOptionKind,
  type DisplayOptionRecord,
} from "./display-option-record";

export async function readDisplayOption(kind: DisplayOptionKind, id: string): Promise<DisplayOptionRecord> {
  const row = await displayOptionTable(db(), kind).findUnique({ where: { id } });
  if (!row) throw notFound();
  return toDisplayOptionRecord(row, kind);
}
