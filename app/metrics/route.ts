import { config } from "@/lib/platform/config";
import { measureOutbox } from "@/lib/domain/email/measure-outbox";
import { measureWebhooks } from "@/lib/domain/webhooks/measure-webhooks";
import { measureAuditCheckpoints } from "@/lib/domain/audit/measure-audit-checkpoints";
import { readDispatch } from "@/lib/domain/dispatch/read-dispatch";
import { measureScreening } from "@/lib/domain/screening/measure-screening";
import { notFound, unauthenticated } from "@/lib/platform/errors/domain-error";
import { failure, newRequestId } from "@/lib/http/respond";
import { METRICS_CONTENT_TYPE, metricsText } from "@/lib/platform/runtime/metrics";
import { digestsEqual, sha256 } from "@/lib/platform/secrets";

/**
 * The Prometheus exposition (docs/operations.md, "Metrics"): every server process of this instance added up,
 * and the outbox, the webhook deliveries, the audit chain's last checkpoint, whether dispatch is paused and screening's progress, read from the database now. Only with `Authorization: Bearer <METRICS_TOKEN>`;
 * while METRICS_TOKEN is unset the route does not exist.
 */
export async function GET(request: Request): Promise<Response> {
  const token = config().METRICS_TOKEN;
  if (!token) return failure(notFound("Unknown path"), newRequestId());
  const given = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!digestsEqual(sha256(given), sha256(token)))
    return failure(unauthenticated("Missing or invalid metrics token"), newRequestId());
  try {
    const [outbox, webhooks, auditCheckpointPosition, dispatch, screening] = await Promise.all([
      measureOutbox(),
      measureWebhooks(),
      measureAuditCheckpoints(),
      readDispatch(),
      measureScreening(),
    ]);
    const body = await metricsText({
      outboxPending: outbox.pending,
      outboxOldestPendingAgeSeconds: outbox.oldestPendingAgeSeconds,
      webhookDeliveries: webhooks.byStatus,
      webhookOldestPendingAgeSeconds: webhooks.oldestPendingAgeSeconds,
      auditCheckpointPosition,
      dispatchPaused: dispatch.paused,
      screening,
    });
    return new Response(body, { headers: { "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store" } });
  } catch (error) {
    return failure(error, newRequestId());
  }
}
