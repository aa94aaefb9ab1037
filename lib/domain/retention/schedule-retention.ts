/**
 * The daily run inside the service: every server process checks now and then whether today's (UTC)
 * run has been claimed, and if not tries to claim and run it (run-retention.ts); the claim lets one
 * process of all those on the database through. A service started at any hour runs it that day.
 */
import { db } from "@/lib/platform/db";
import { utcDay } from "@/lib/platform/validation/fields";
import { runRetention } from "./run-retention";

/** How often each process checks: the day's run starts at most this long after midnight UTC. */
export const RETENTION_CHECK_INTERVAL_MS = 10 * 60 * 1000;

export async function runScheduledRetention(now = new Date()): Promise<void> {
  const claimed = await db().retentionRun.findUnique({ where: { scheduledDay: utcDay(now) }, select: { id: true } });
  if (!claimed) await runRetention("schedule", now);
}
