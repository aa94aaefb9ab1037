/**
 * What the back office shows of retention (GET /api/admin/retention, the dashboard's card): the
 * setting, the latest runs and the day of the next scheduled one.
 */
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { type RetentionRunRecord, retentionRunRecord } from "./retention-run-record";
import { utcDay } from "@/lib/platform/validation/fields";

export type RetentionStatus = {
  retention_years: number;
  /** The newest run first, at most RUNS_SHOWN; a dry run is never recorded. */
  runs: RetentionRunRecord[];
  /** YYYY-MM-DD (UTC): today while today's scheduled run has not been claimed, tomorrow once it has. */
  next_scheduled_day: string;
};

export const RUNS_SHOWN = 5;

export async function readRetention(now = new Date()): Promise<RetentionStatus> {
  const today = utcDay(now);
  const [runs, todays] = await Promise.all([
    db().retentionRun.findMany({ orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: RUNS_SHOWN }),
    db().retentionRun.findUnique({ where: { scheduledDay: today }, select: { id: true } }),
  ]);
  const next = todays ? new Date(today.getTime() + 24 * 60 * 60 * 1000) : today;
  return {
    retention_years: config().RETENTION_YEARS,
    runs: runs.map(retentionRunRecord),
    next_scheduled_day: next.toISOString().slice(0, 10),
  };
}
