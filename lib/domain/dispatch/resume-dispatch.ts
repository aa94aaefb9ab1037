/**
 * Resumes the dispatch of e-mails and webhooks paused by a restore (`npm run -s cli -- dispatch resume`):
 * the pause is deleted with its audit entry in one transaction; the dispatchers' next pass claims
 * what waits. Resuming what is not paused (or what another resume has just resumed) changes
 * nothing and records nothing.
 */
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";

/** Whether this call resumed a pause, and the pause it ended. */
export type Resumed = { resumed: false } | { resumed: true; paused_at: string; reason: string };

export async function resumeDispatch(actor: Actor): Promise<Resumed> {
  return auditedChange<Resumed>(actor, [], async (tx) => {
    const pause = await tx.dispatchPause.findUnique({ where: { id: 1 } });
    // Of two resumes at once, the second finds the row gone when its delete runs.
    const { count } = await tx.dispatchPause.deleteMany({ where: { id: 1 } });
    if (!pause || count === 0) return { result: { resumed: false } };
    const before = { paused: true, paused_at: pause.pausedAt.toISOString(), reason: pause.reason };
    return {
      result: { resumed: true, paused_at: before.paused_at, reason: before.reason },
      audit: {
        action: "resume_dispatch",
        resource: "dispatch",
        resourceId: "dispatch",
        before,
        after: { paused: false },
      },
    };
  });
}
