/**
 * The scheduled checkpoints of the audit chain: every server process checks now and then whether the
 * schedule signed one today (UTC), and whether the chain's head is AUDIT_CHECKPOINT_EVERY_ENTRIES or
 * more past the last valid checkpoint; either way it signs one (checkpoint-audit-chain.ts). So the
 * audit page's check, which runs from the last checkpoint, reads at most those entries and what was
 * written since the last check, not a day's (docs/performance.md, "The last scans"). Two processes
 * that check at once may both sign: two checkpoints of one head, both valid.
 */
import { db } from "@/lib/platform/db";
import { utcDay } from "@/lib/platform/validation/fields";
import { checkpointAuditChain } from "./checkpoint-audit-chain";
import { readLatestValidCheckpoint } from "./read-audit-checkpoint";

/** How often each process checks: the day's checkpoint is signed at most this long after midnight UTC. */
export const AUDIT_CHECKPOINT_CHECK_INTERVAL_MS = 10 * 60 * 1000;
/** The entries past the last valid checkpoint that make the check sign a new one (about 30 ms of the page's check). */
export const AUDIT_CHECKPOINT_EVERY_ENTRIES = 1_000;

export async function runScheduledAuditCheckpoint(now = new Date()): Promise<void> {
  const [signedToday, head, { anchor }] = await Promise.all([
    db().auditCheckpoint.findFirst({
      where: { trigger: "schedule", createdAt: { gte: utcDay(now) } },
      select: { id: true },
    }),
    // The head by its index: Prisma's aggregate _max reads MAX over a sub-select with an OFFSET,
    // which no index serves (1.4 s at 5 million entries, every ten minutes in every process).
    db().auditLog.findFirst({
      where: { chainPosition: { not: null } },
      orderBy: { chainPosition: "desc" },
      select: { chainPosition: true },
    }),
    readLatestValidCheckpoint(),
  ]);
  const pastCheckpoint = (head?.chainPosition ?? 0) - (anchor?.position ?? 0);
  if (!signedToday || pastCheckpoint >= AUDIT_CHECKPOINT_EVERY_ENTRIES) await checkpointAuditChain("schedule");
}
