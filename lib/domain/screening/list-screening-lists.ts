/** The screening lists as the back office's Lists page shows them: name, format, version, entries, topics, import. */
import { db } from "@/lib/platform/db";
import { formatName } from "./screening-list-formats";

export type ScreeningListRecord = {
  id: number;
  name: string;
  format: string;
  version: number;
  entries: number;
  /** The topics its entries in force carry (sanction, pep). */
  topics: string[];
  imported_at: string | null;
  imported_by: string | null;
};

export async function listScreeningLists(): Promise<{ rows: ScreeningListRecord[]; total: number }> {
  const lists = await db().screeningList.findMany({ orderBy: { name: "asc" } });
  const rows = lists.map((list) => ({
    id: list.id,
    name: list.name,
    format: formatName(list.format),
    version: list.version,
    entries: list.entryCount,
    topics: list.topics,
    imported_at: list.importedAt?.toISOString() ?? null,
    imported_by: list.importedBy,
  }));
  return { rows, total: rows.length };
}
