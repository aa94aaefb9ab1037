/**
 * Whether e-mails and webhooks go out (issue 37): paused on a restored copy until an operator
 * resumes (resume-dispatch.ts). Read by `npm run -s cli -- dispatch status`, the back office's banner
 * (GET /api/admin/dashboard/dispatch) and /metrics.
 */
import { db } from "@/lib/platform/db";

export const RESUME_COMMAND = "npm run -s cli -- dispatch resume";

export type DispatchState =
  | { paused: false }
  | { paused: true; paused_at: string; reason: string; resume_with: typeof RESUME_COMMAND };

export async function readDispatch(): Promise<DispatchState> {
  const pause = await db().dispatchPause.findUnique({ where: { id: 1 } });
  if (!pause) return { paused: false };
  return { paused: true, paused_at: pause.pausedAt.toISOString(), reason: pause.reason, resume_with: RESUME_COMMAND };
}
