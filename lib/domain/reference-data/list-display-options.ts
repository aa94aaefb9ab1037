/** The back office's list of locales or of timezones: filtered, sorted and paged in the database. */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { textFilter, pageOf, idsFilter, searchText, booleanFilter, type ListQuery } from "@/lib/platform/db/list-query";
import { displayOptionTable, toDisplayOptionRecord, type DisplayOptionKind } from "./display-option-record";

export const SORTABLE = { id: "id", label: "label", enabled: "enabled", position: "position" };

/** `q` matches part of the id or the label; `enabled` filters by the flag. Time zones carry their offset now. */
export async function listDisplayOptions(kind: DisplayOptionKind, query: ListQuery) {
  const q = searchText(query.filter);
  const where: Prisma.LocaleWhereInput = {
    id: idsFilter(query.filter, textFilter),
    enabled: booleanFilter(query.filter.enabled),
    ...(q
      ? { OR: [{ id: { contains: q, mode: "insensitive" } }, { label: { contains: q, mode: "insensitive" } }] }
      : {}),
  };
  const [rows, total] = await Promise.all([
    displayOptionTable(db(), kind).findMany({ where, ...pageOf(query) }),
    displayOptionTable(db(), kind).count({ where }),
  ]);
  return { rows: rows.map((row) => toDisplayOptionRecord(row, kind)), total };
}
