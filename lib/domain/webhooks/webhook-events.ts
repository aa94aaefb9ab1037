/**
 * The events webhook endpoints subscribe to: the Prisma enum WebhookEventType, named on the wire with
 * its first "_" as a "." (customer_registered is "customer.registered"), but for the names the
 * issues set otherwise (a Prisma enum value cannot hold a dot), in WIRE_NAMES. No server imports: the back
 * office lists them too. Adding an event is one value appended to the enum in prisma/schema.prisma
 * (and its migration), then `webhookInsert`/`queueWebhook` (queue-webhook.ts) where the change is written.
 */
import { WebhookEventType } from "@/lib/generated/prisma/enums";

/** The events whose wire name is not their value's first "_" as a ".": the issues' contracts. */
const WIRE_NAMES: Partial<Record<WebhookEventType, string>> = {
  customer_passkey_added: "customer.passkey.added",
  customer_passkey_removed: "customer.passkey.removed",
  // Issue 40.
  customer_sca_locked: "customer.sca.locked",
};

/** "customer.registered" for customer_registered; the one place a value becomes its wire name. */
export const webhookEventName = (type: WebhookEventType): string => WIRE_NAMES[type] ?? type.replace("_", ".");

/** Every event by its wire name. */
export const WEBHOOK_EVENTS = new Map<string, WebhookEventType>(
  Object.values(WebhookEventType).map((type) => [webhookEventName(type), type]),
);

/** The events an endpoint may subscribe to: all but the test event, which `POST …/test` sends alone. */
export const SUBSCRIBABLE_EVENTS = [...WEBHOOK_EVENTS.keys()].filter((name) => name !== "webhook.test");

/**
 * What an event says: the account and what changed (a list of names at most: customer.profile_updated's
 * changed_fields, never the profile's values). Never a password, a token or a hash.
 * `customer_id` may be the id of a row an earlier step of the same statement inserts (queue-webhook.ts).
 */
export type WebhookData = {
  customer_id: number;
  email: string;
  [field: string]: string | number | boolean | null | readonly string[];
};
