/** For the metrics: the position of the audit chain's last checkpoint (the furthest along), 0 before the first. */
import { db } from "@/lib/platform/db";

export async function measureAuditCheckpoints(): Promise<number> {
  const { _max } = await db().auditCheckpoint.aggregate({ _max: { position: true } });
  return _max.position ?? 0;
}
