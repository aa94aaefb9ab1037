/**
 * A passkey as the apps and the back office see it (never its key material; a staff member's own
 * alike), and what every change
 * to a customer's passkeys writes with it: the account event, the webhook event and the notice
 * e-mail, in the transaction of the change.
 */
import type { Passkey, Prisma } from "@/lib/generated/prisma/client";
import type { CustomerEventType } from "@/lib/generated/prisma/enums";
import { composeNotice, type OutgoingEmail } from "@/lib/domain/email/compose-email";
import { queueEmail } from "@/lib/domain/email/queue-email";
import type { Device } from "@/lib/domain/tokens/device";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export type PasskeyRecord = {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  backed_up: boolean;
  device_type: Passkey["deviceType"];
  transports: string[];
};

/** A customer's or a staff member's passkey (model Passkey or StaffPasskey) as its owner sees it. */
export const toPasskeyRecord = (
  passkey: Pick<Passkey, "id" | "name" | "createdAt" | "lastUsedAt" | "backedUp" | "deviceType" | "transports">,
): PasskeyRecord => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
  backed_up: passkey.backedUp,
  device_type: passkey.deviceType,
  transports: passkey.transports,
});

/** The passkeys a customer may hold: a registration past this many is refused. */
export const MAX_PASSKEYS_PER_CUSTOMER = 20;

/** A passkey's name: at most this many characters (the column's). */
export const MAX_PASSKEY_NAME_LENGTH = 100;

type Owner = { id: number; email: string; locale: string | null };

/** The notice of a passkey added or removed, composed outside the transaction (rendering reads settings). */
export async function passkeyNotice(
  template: "passkey_added" | "passkey_removed" | "passkey_cloned",
  customer: Owner,
  name: string,
  when: Date,
): Promise<OutgoingEmail> {
  return composeNotice(template, customer.email, await effectiveLocale(customer.locale), { passkey: name, when });
}

export type PasskeyChange = {
  type: Extract<CustomerEventType, "passkey_added" | "passkey_removed" | "passkey_removed_by_staff">;
  customer: Owner;
  passkeyId: number;
  notice: OutgoingEmail;
  apiClientId: number | null;
  device?: Device;
};

/** Within `tx`: the change's event, its webhook event (customer.passkey.added or _removed) and its notice. */
export async function recordPasskeyChange(tx: Prisma.TransactionClient, change: PasskeyChange, now: Date) {
  const { customer } = change;
  await recordEvent(
    tx,
    {
      type: change.type,
      outcome: "success",
      email: customer.email,
      customerId: customer.id,
      apiClientId: change.apiClientId,
      device: change.device,
    },
    now,
  );
  await queueWebhook(
    tx,
    change.type === "passkey_added" ? "customer_passkey_added" : "customer_passkey_removed",
    { customer_id: customer.id, email: customer.email, passkey_id: change.passkeyId },
    now,
  );
  await queueEmail(tx, change.notice, now);
}

/** The name of a passkey added without one (or with only spaces, which the field trims to ""). */
export const DEFAULT_PASSKEY_NAME = "Passkey";
