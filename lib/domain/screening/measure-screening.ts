/** For /metrics: the latest re-screen's progress (zeros before the first), and the possible matches waiting for a decision. */
import { db } from "@/lib/platform/db";

export async function measureScreening() {
  const [latest, openMatches] = await Promise.all([
    db().screeningRun.findFirst({ orderBy: { id: "desc" } }),
    db().screeningMatch.count({ where: { status: "open" } }),
  ]);
  return {
    runRunning: latest?.status === "running",
    runTotal: latest?.total ?? 0,
    runScreened: latest?.screened ?? 0,
    openMatches,
  };
}
