/** Work every server process runs beside HTTP. */
import { config } from "@/lib/platform/config";
import { log } from "@/lib/platform/runtime/log";
import { startEmailDispatcher } from "@/lib/domain/email/dispatch-emails";
import { startWebhookDispatcher } from "@/lib/domain/webhooks/dispatch-webhooks";

/** Starts that work; returns a function that stops it (awaited on shutdown, so nothing is left half-done). */
export function startBackgroundWork(): () => Promise<void> {
  // Without a Resend key mail stays in the outbox, where the back office shows it.
  const stopEmailDispatcher = config().RESEND_API_KEY ? startEmailDispatcher() : undefined;
  if (config().WEBHOOK_ALLOW_PRIVATE_TARGETS) {
    log().warn(
      "WEBHOOK_ALLOW_PRIVATE_TARGETS=true: webhooks may go to http URLs and to loopback, private, link-local and metadata addresses",
    );
  }
  const stopWebhookDispatcher = startWebhookDispatcher();
  return async () => {
    await Promise.all([stopEmailDispatcher?.(), stopWebhookDispatcher()]);
  };
}
