/** The dashboard's count of possible screening matches waiting for compliance (the review queue's open ones). */
import { db } from "@/lib/platform/db";

export function countOpenScreeningMatches(): Promise<number> {
  return db().screeningMatch.count({ where: { status: "open" } });
}
