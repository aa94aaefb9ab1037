/** Work every server process runs beside HTTP. */
import { config } from "@/lib/platform/config";
import { startEmailDispatcher } from "@/lib/domain/email/dispatch-emails";
import { clearExpiredSuccessors } from "@/lib/domain/tokens/spent-refresh-token";
import { logUnlessUnreachable } from "@/lib/platform/db/outage";

/** Starts that work; returns a function that stops it (awaited on shutdown, so nothing is left half-done). */
export function startBackgroundWork(): () => Promise<void> {
  // Without a Resend key mail stays in the outbox, where the back office shows it.
  const stopEmailDispatcher = config().RESEND_API_KEY ? startEmailDispatcher() : undefined;
  const stopSweep = startSuccessorSweep();
  return async () => {
    await stopEmailDispatcher?.();
    await stopSweep();
  };
}

/**
 * Clears, once per grace, the sealed pairs of spent refresh tokens whose grace is over
 * (spent-refresh-token.ts): no copy of a live token outlives its grace, even in a session never
 * refreshed again.
 */
function startSuccessorSweep(): () => Promise<void> {
  let pass: Promise<void> | undefined;
  const tick = () => {
    pass ??= clearExpiredSuccessors()
      .then(
        () => {},
        (error) => logUnlessUnreachable("[sessions] clearing spent refresh tokens' pairs failed", error),
      )
      .finally(() => {
        pass = undefined;
      });
  };
  const timer = setInterval(tick, Math.max(1, config().REFRESH_REUSE_GRACE_SECONDS) * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await pass;
  };
}
