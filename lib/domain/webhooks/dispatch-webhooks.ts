/**
 * Delivers the queued webhooks. Any number of processes may run this against one database: each pass
 * claims a batch of due deliveries of enabled endpoints for itself (lib/platform/db/claim-due.ts:
 * FOR UPDATE SKIP LOCKED and a lease), so no attempt is made twice at once; a process that dies
 * mid-attempt leaves its claim to lapse, and the delivery is tried again (at least once, never lost;
 * receivers drop repeats by `webhook-id`). A failed attempt (not a 2xx, no answer in time, no connection)
 * waits the next step of WEBHOOK_RETRY_SCHEDULE; after the last the delivery is `failed`, as it is at once
 * when the endpoint's signing secret does not open under this AUTH_SECRET (no attempt could sign it). An endpoint
 * that failed every attempt for DISABLE_AFTER_MS is disabled, and the back office shows so.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { claimDue } from "@/lib/platform/db/claim-due";
import { inSpan, untraced } from "@/lib/platform/runtime/tracing";
import { logUnlessUnreachable } from "@/lib/platform/db/outage";
import { log } from "@/lib/platform/runtime/log";
import { countWebhookAttempt } from "@/lib/platform/runtime/metrics";
import { startRepeatingPass } from "@/lib/platform/runtime/repeating-pass";
import { webhookEventName } from "./webhook-events";
import { type AttemptResult, postWebhook } from "./post-webhook";
import { openWebhookSecret, webhookSignature } from "./webhook-secret";

const BATCH_SIZE = 10;
/** Why a delivery whose endpoint's secret does not open failed: no later attempt can sign it, so it is not retried. */
const SECRET_UNOPENABLE =
  "The signing secret cannot be opened with this AUTH_SECRET (it was sealed under another: a restored copy started " +
  "without the source's AUTH_SECRET?). Not retried: set the source's AUTH_SECRET and replay it, or rotate the endpoint's secret.";
const DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

/** The body of a delivery: the same bytes at every attempt, from what was queued (the back office shows it too). */
export function webhookBody(delivery: {
  event: Parameters<typeof webhookEventName>[0];
  createdAt: Date;
  data: unknown;
}) {
  return JSON.stringify({
    type: webhookEventName(delivery.event),
    timestamp: delivery.createdAt.toISOString(),
    data: delivery.data,
  });
}

/** One pass: claims the due deliveries and tries each once, at the same time. Returns how many were delivered. */
export async function dispatchDueWebhooks(): Promise<number> {
  const { WEBHOOK_TIMEOUT_MS } = config();
  // Not traced: a pass every WEBHOOK_DISPATCH_INTERVAL_MS that mostly finds nothing would be a trace each time.
  const claimed = await untraced(claimDueDeliveries);
  if (claimed.length === 0) return 0;
  // A trace of its own, as the e-mail dispatcher's: the request that queued a delivery has answered.
  return inSpan(
    "webhook.dispatch",
    { "webhook.claimed": claimed.length },
    async () => {
      const deliveries = await db().webhookDelivery.findMany({
        where: { id: { in: claimed.map(({ id }) => id) } },
        include: { endpoint: true },
      });
      const results = await Promise.all(
        deliveries.map((delivery) =>
          inSpan(
            "webhook.send",
            {
              "webhook.delivery_id": delivery.id,
              "webhook.event": delivery.event,
              "webhook.attempt": delivery.attempts,
            },
            async (span) => {
              const body = webhookBody(delivery);
              const result = await attempt(delivery.endpoint, delivery.id, body, WEBHOOK_TIMEOUT_MS);
              span?.setAttribute("webhook.outcome", result.outcome);
              try {
                await recordAttempt(delivery, result);
              } catch (error) {
                // Its endpoint deleted meanwhile, or the database gone: the others of the batch are still recorded,
                // and an unrecorded attempt is made again once its lease lapses.
                logUnlessUnreachable(`[webhook] the attempt of ${delivery.id} could not be recorded`, error);
              }
              return result.outcome === "success";
            },
          ),
        ),
      );
      return results.filter(Boolean).length;
    },
    { root: true },
  );
}

/**
 * Takes up to BATCH_SIZE due deliveries of enabled endpoints for this pass, leased for longer than an
 * attempt can take (lib/platform/db/claim-due.ts). Exported for test/raw-statements.test.ts.
 */
export function claimDueDeliveries(): Promise<{ id: string; attempts: number }[]> {
  return claimDue<{ id: string; attempts: number }>({
    table: "webhook_deliveries",
    returning: Prisma.sql`id, attempts`,
    batchSize: BATCH_SIZE,
    // Longer than a pass can take (its attempts run side by side, each cut at the time-out), so a claim never lapses mid-pass.
    leaseMs: config().WEBHOOK_TIMEOUT_MS * 2 + 5_000,
    alsoWhere: Prisma.sql`AND endpoint_id IN (SELECT id FROM webhook_endpoints WHERE enabled)`,
  });
}

type Endpoint = Prisma.WebhookEndpointGetPayload<object>;

async function attempt(endpoint: Endpoint, id: string, body: string, timeoutMs: number): Promise<AttemptResult> {
  const now = new Date();
  const boxes = [endpoint.secretBox];
  if (endpoint.previousSecretBox && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
    boxes.push(endpoint.previousSecretBox);
  }
  const secrets = boxes.map(openWebhookSecret).filter((secret): secret is string => secret !== null);
  if (secrets.length === 0)
    return { outcome: "secret_unopenable", statusCode: null, durationMs: 0, response: SECRET_UNOPENABLE };
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": "remit-accounts-webhooks",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": webhookSignature(secrets, id, timestamp, body),
  };
  return postWebhook(endpoint.url, headers, body, timeoutMs);
}

/** The attempt, what it means for the delivery (done, next try, failed) and for its endpoint, in one transaction. */
async function recordAttempt(
  delivery: { id: string; attempts: number; endpointId: number; endpoint: Endpoint },
  result: AttemptResult,
): Promise<void> {
  const now = new Date();
  const schedule = config().WEBHOOK_RETRY_SCHEDULE;
  const delivered = result.outcome === "success";
  const retryInMs = schedule[delivery.attempts - 1];
  const gaveUp = !delivered && (retryInMs === undefined || result.outcome === "secret_unopenable");
  await db().$transaction(async (tx) => {
    await tx.webhookAttempt.create({ data: { deliveryId: delivery.id, attemptedAt: now, ...result } });
    await tx.webhookDelivery.update({
      where: { id: delivery.id },
      data: delivered
        ? { status: "delivered", deliveredAt: now, lockedUntil: null }
        : gaveUp
          ? { status: "failed", lockedUntil: null }
          : { nextAttemptAt: new Date(now.getTime() + retryInMs), lockedUntil: null },
    });
    const endpointId = delivery.endpointId;
    if (delivered) {
      await tx.webhookEndpoint.updateMany({
        where: { id: endpointId, NOT: { failingSince: null } },
        data: { failingSince: null },
      });
    } else {
      await tx.webhookEndpoint.updateMany({
        where: { id: endpointId, failingSince: null },
        data: { failingSince: now },
      });
      await tx.webhookEndpoint.updateMany({
        where: { id: endpointId, enabled: true, failingSince: { lte: new Date(now.getTime() - DISABLE_AFTER_MS) } },
        data: { enabled: false, autoDisabledAt: now },
      });
    }
  });
  countWebhookAttempt(result.outcome);
  if (delivered) return;
  const what = `[webhook] ${delivery.id} to endpoint ${delivery.endpointId}`;
  const why = result.statusCode === null ? result.response : `status ${result.statusCode}`;
  if (gaveUp) log().error(`${what} failed after ${delivery.attempts} attempts (${why})`);
  else log().warn(`${what}: attempt ${delivery.attempts} failed (${why}); next in ${Math.ceil(retryInMs / 1000)} s`);
}

/** Runs a pass every WEBHOOK_DISPATCH_INTERVAL_MS, never two at once; the returned function stops it. */
export function startWebhookDispatcher(): () => Promise<void> {
  const passes = startRepeatingPass(dispatchDueWebhooks, config().WEBHOOK_DISPATCH_INTERVAL_MS, (error) =>
    logUnlessUnreachable("[webhook] dispatch pass failed", error),
  );
  return passes.stop;
}
