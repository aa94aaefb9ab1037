/**
 * The re-screens, newest first (GET /api/admin/screening/runs, the Lists page's progress).
 */
import type { ScreeningRun } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";

export type ScreeningRunRecord = {
  id: number;
  list_versions: Record<string, number>;
  status: ScreeningRun["status"];
  total: number;
  screened: number;
  matches_opened: number;
  started_at: string;
  finished_at: string | null;
};

const toScreeningRunRecord = (run: ScreeningRun): ScreeningRunRecord => ({
  id: run.id,
  list_versions: run.listVersions as Record<string, number>,
  status: run.status,
  total: run.total,
  screened: run.screened,
  matches_opened: run.matchesOpened,
  started_at: run.startedAt.toISOString(),
  finished_at: run.finishedAt?.toISOString() ?? null,
});

/** The `take` newest runs. */
export async function listScreeningRuns(take: number): Promise<ScreeningRunRecord[]> {
  const runs = await db().screeningRun.findMany({ orderBy: { id: "desc" }, take });
  return runs.map(toScreeningRunRecord);
}
