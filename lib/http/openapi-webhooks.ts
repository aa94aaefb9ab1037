/**
 * The webhooks of the OpenAPI document (OpenAPI 3.1 `webhooks`): the account events this service
 * POSTs to the app's backend, signed per Standard Webhooks, as the named schemas WebhookEventType
 * and WebhookEvent. docs/webhooks.md tells a receiver how to verify them.
 */
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { WEBHOOK_EVENTS } from "@/lib/domain/webhooks/webhook-events";

export const WEBHOOKS_TAG = {
  name: "Webhooks",
  description:
    "Account events POSTed to the endpoints an admin registers on the API client (docs/webhooks.md): signed, " +
    "delivered at least once, retried for about 28 hours.",
};

const eventType = z
  .enum([...WEBHOOK_EVENTS.keys()] as [string, ...string[]])
  .meta({ id: "WebhookEventType", description: "What happened. webhook.test is sent only by an admin's test." });

const webhookEvent = z
  .object({
    type: eventType,
    timestamp: z.iso.datetime().meta({ description: "When the change was made (UTC); the same at every attempt." }),
    data: z
      .object({
        customer_id: z.int().optional().meta({ description: "Absent from webhook.test only." }),
        email: z.string().optional().meta({ description: "The account's address (the new one for email_changed)." }),
      })
      .catchall(z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]))
      .meta({
        description:
          "The account and what changed: previous_email (email_changed), reason changed or reset (password_changed), " +
          "ip and user_agent (new_device), changed_fields, the names of the fields only (profile_updated), " +
          "kyc_status and previous_kyc_status (kyc_status_changed), by customer or staff (mfa_disabled). " +
          "Never a password, a token, a hash, a profile's values or staff's reasons.",
      }),
  })
  .meta({ id: "WebhookEvent" });

const header = (description: string) => z.string().meta({ description });

export function registerWebhooks(registry: OpenAPIRegistry) {
  registry.registerWebhook({
    method: "post",
    path: "accountEvent",
    operationId: "receiveAccountEvent",
    tags: [WEBHOOKS_TAG.name],
    // No credentials of the API's: the receiver verifies the webhook-signature header instead.
    security: [],
    summary: "An account event, to the app's backend",
    description:
      "Verify the signature before trusting the body (the standardwebhooks library does it), then answer any 2xx " +
      "within 15 seconds. Anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; the same " +
      "webhook-id may arrive more than once, so drop the ones already processed.",
    request: {
      headers: z.object({
        "webhook-id": header("The delivery's id: the same at every attempt and replay."),
        "webhook-timestamp": header("Seconds since the epoch when this attempt was signed."),
        "webhook-signature": header(
          "v1,<base64 HMAC-SHA256 of id.timestamp.body> under the endpoint's secret; two, space-separated, for 24 h after a rotation.",
        ),
      }),
      body: { required: true, content: { "application/json": { schema: webhookEvent } } },
    },
    responses: {
      200: { description: "Received: any 2xx status." },
      400: { description: "Refused: any other status, or no answer within 15 s; the delivery is retried." },
    },
  });
}
