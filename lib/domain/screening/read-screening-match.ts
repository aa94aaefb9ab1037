/** One possible match (GET /api/admin/screening/matches/{id}). */
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import { type ScreeningMatchRecord, toScreeningMatchRecords, withMatchParts } from "./screening-match-record";

export async function readScreeningMatch(id: number): Promise<ScreeningMatchRecord> {
  const row = await db().screeningMatch.findUnique({ where: { id }, include: withMatchParts });
  if (!row) throw notFound("No such match");
  const [record] = await toScreeningMatchRecords([row]);
  return record;
}
