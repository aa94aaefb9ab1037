/** Work every server process runs beside HTTP. */
import { config } from "@/lib/platform/config";
import { startEmailDispatcher } from "@/lib/domain/email/dispatch-emails";

/** Starts that work; returns a function that stops it (awaited on shutdown, so nothing is left half-done). */
export function startBackgroundWork(): () => Promise<void> {
  // Without a Resend key mail stays in the outbox, where the back office shows it.
  const stopEmailDispatcher = config().RESEND_API_KEY ? startEmailDispatcher() : undefined;
  return async () => {
    await stopEmailDispatcher?.();
  };
}
