/** Work every server process runs beside HTTP. */
import { config } from "@/lib/platform/config";
import { logUnlessUnreachable } from "@/lib/platform/db/outage";
import { log } from "@/lib/platform/runtime/log";
import { startRepeatingPass } from "@/lib/platform/runtime/repeating-pass";
import { startEmailDispatcher } from "@/lib/domain/email/dispatch-emails";
import { clearExpiredSuccessors } from "@/lib/domain/tokens/spent-refresh-token";
import { startWebhookDispatcher } from "@/lib/domain/webhooks/dispatch-webhooks";
import { RETENTION_CHECK_INTERVAL_MS, runScheduledRetention } from "@/lib/domain/retention/schedule-retention";
import { SCREENING_INTERVAL_MS, runScreeningWork } from "@/lib/domain/screening/run-screening-work";
import {
  AUDIT_CHECKPOINT_CHECK_INTERVAL_MS,
  runScheduledAuditCheckpoint,
} from "@/lib/domain/audit/schedule-audit-checkpoint";

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
  // Once per grace, the sealed pairs of spent refresh tokens whose grace is over are cleared
  // (spent-refresh-token.ts): no copy of a live token outlives its grace, even in a session never refreshed again.
  const successorSweep = startRepeatingPass(
    clearExpiredSuccessors,
    Math.max(1, config().REFRESH_REUSE_GRACE_SECONDS) * 1000,
    (error) => logUnlessUnreachable("[sessions] clearing spent refresh tokens' pairs failed", error),
  );
  // Retention's daily run (lib/domain/retention/): every process checks, one of all on the database claims the day.
  const retention = startRepeatingPass(runScheduledRetention, RETENTION_CHECK_INTERVAL_MS, (error) =>
    logUnlessUnreachable("[retention] the daily run failed", error),
  );
  // The audit chain's scheduled signed checkpoints (lib/domain/audit/schedule-audit-checkpoint.ts): one a
  // day, and one every AUDIT_CHECKPOINT_EVERY_ENTRIES entries, so the audit page's check stays short.
  const checkpoint = startRepeatingPass(runScheduledAuditCheckpoint, AUDIT_CHECKPOINT_CHECK_INTERVAL_MS, (error) =>
    logUnlessUnreachable("[audit] the scheduled checkpoint failed", error),
  );
  // Screening (lib/domain/screening/): the customers due, then a re-screen after a list changed, a batch
  // at a time; any process screens the due, one at a time holds a re-screen.
  const screening = startRepeatingPass(runScreeningWork, SCREENING_INTERVAL_MS, (error) =>
    logUnlessUnreachable("[screening] a pass failed", error),
  );
  return async () => {
    await Promise.all([
      screening.stop(),
      stopEmailDispatcher?.(),
      stopWebhookDispatcher(),
      successorSweep.stop(),
      retention.stop(),
      checkpoint.stop(),
    ]);
  };
}
