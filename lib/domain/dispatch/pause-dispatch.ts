/**
 * Pauses the dispatch of e-mails and webhooks: both outboxes' claim (lib/platform/db/claim-due.ts)
 * takes nothing until resume-dispatch.ts. A restore calls it, before any server runs on the copy.
 */
import { db } from "@/lib/platform/db";

export async function pauseDispatch(reason: string): Promise<void> {
  await db().dispatchPause.upsert({ where: { id: 1 }, create: { reason }, update: { reason, pausedAt: new Date() } });
}
