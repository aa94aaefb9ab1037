/**
 * The back office's "re-send": puts a failed e-mail back in the queue with a fresh set of attempts,
 * as one step of the transaction that also writes its audit entry (resend-outbox-email.ts).
 */
import type { EmailOutbox, Prisma } from "@/lib/generated/prisma/client";
import { wakeDispatcher } from "./wake-dispatcher";

/**
 * Puts the e-mail back in the queue as part of `tx`. Null when it is not a failed one. Call
 * `emailRequeued` once `tx` committed.
 */
export async function requeueFailedEmail(tx: Prisma.TransactionClient, id: string): Promise<EmailOutbox | null> {
  const [row] = await tx.emailOutbox.updateManyAndReturn({
    where: { id, status: "failed" },
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), lockedUntil: null },
  });
  return row ?? null;
}

/** Call after the transaction that re-queued an e-mail committed: the dispatcher sends it at once. */
export function emailRequeued(): void {
  wakeDispatcher();
}
