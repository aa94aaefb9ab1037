/**
 * How far behind the outbox is, for the metrics: how many e-mails wait to be sent (retries
 * included) and how long the oldest has waited. One aggregate over the pending rows, which the
 * (status, next_attempt_at) index finds.
 */
import { db } from "@/lib/platform/db";
import { OutboxStatus } from "@/lib/generated/prisma/enums";

export async function measureOutbox(now = new Date()): Promise<{ pending: number; oldestPendingAgeSeconds: number }> {
  const { _count, _min } = await db().emailOutbox.aggregate({
    where: { status: OutboxStatus.pending },
    _count: true,
    _min: { createdAt: true },
  });
  const oldest = _min.createdAt;
  return {
    pending: _count,
    oldestPendingAgeSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
  };
}
