/**
 * The devices a customer used (model CustomerDevice, keyed by X-Client-Fingerprint): remembered at
 * registration and at each login, and a login from one never seen before alerts the customer by
 * e-mail (NEW_DEVICE_ALERTS). Both are steps of the flow's one statement (lib/platform/db/one-statement.ts).
 */
import { config } from "@/lib/platform/config";
import { InsertedRow, rowIdValue, type RowId, type Step } from "@/lib/platform/db/one-statement";
import { composeNotice, type OutgoingEmail } from "@/lib/domain/email/compose-email";
import { effectiveLocale } from "./customer-locale";
import { outboxInsert } from "@/lib/domain/email/queue-email";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Device } from "@/lib/domain/tokens/device";
import { eventInsert } from "./record-customer-event";
import { webhookInsert } from "@/lib/domain/webhooks/queue-webhook";

/** Whether the device can be told apart: a fingerprint that is not empty or blank. */
export const identifiesDevice = (device: Device) => device.fingerprint.trim() !== "";

/**
 * The INSERT that remembers the device, nothing when it was already known (the primary key decides,
 * so of concurrent logins from one new device exactly one inserts it).
 */
export function deviceInsert(customerId: RowId, device: Device, now = new Date()): InsertedRow {
  return new InsertedRow(
    "new_device",
    Prisma.sql`
      INSERT INTO customer_devices (customer_id, fingerprint, first_seen_at)
      VALUES (${rowIdValue(customerId)}, ${device.fingerprint}, ${now})
      ON CONFLICT (customer_id, fingerprint) DO NOTHING RETURNING customer_id AS id`,
  );
}

/**
 * A login's steps from a device the account was not known to have used: the device remembered, the
 * customer.new_device webhooks and, unless NEW_DEVICE_ALERTS is false, the alert e-mail and its event,
 * all only if this login is the one that remembered it. The outbox insert is the last step, so the statement's row count (1 or 0)
 * says whether the alert was queued.
 */
export async function newDeviceSteps(
  account: { id: number; email: string; locale: string | null },
  client: { id: number; name: string },
  device: Device,
  now = new Date(),
): Promise<{ steps: Step[]; alert?: OutgoingEmail }> {
  const remembered = deviceInsert(account.id, device, now);
  const webhook = webhookInsert(
    "customer_new_device",
    { customer_id: account.id, email: account.email, ip: device.ip, user_agent: device.userAgent },
    now,
    remembered,
  );
  if (!config().NEW_DEVICE_ALERTS) return { steps: [remembered, webhook] };
  const alert = await composeNotice("new_device", account.email, await effectiveLocale(account.locale), {
    when: now,
    app: client.name,
    userAgent: device.userAgent || "—",
    ip: device.ip,
  });
  const event = {
    type: "new_device_alert" as const,
    outcome: "success" as const,
    email: account.email,
    customerId: account.id,
    apiClientId: client.id,
    device,
  };
  return {
    steps: [remembered, webhook, eventInsert(event, now, remembered), outboxInsert(alert, now, remembered).insert],
    alert,
  };
}
