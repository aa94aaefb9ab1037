/**
 * The daily checkpoint of the audit chain: every server process checks now and then whether one was
 * signed for today (UTC) by the schedule, and if not signs one (checkpoint-audit-chain.ts). Two
 * processes that check at once may both sign: two checkpoints of one head, both valid.
 */
import { db } from "@/lib/platform/db";
import { utcDay } from "@/lib/platform/validation/fields";
import { checkpointAuditChain } from "./checkpoint-audit-chain";

/** How often each process checks: the day's checkpoint is signed at most this long after midnight UTC. */
export const AUDIT_CHECKPOINT_CHECK_INTERVAL_MS = 10 * 60 * 1000;

export async function runScheduledAuditCheckpoint(now = new Date()): Promise<void> {
  const signed = await db().auditCheckpoint.findFirst({
    where: { trigger: "schedule", createdAt: { gte: utcDay(now) } },
    select: { id: true },
  });
  if (!signed) await checkpointAuditChain("schedule");
}
