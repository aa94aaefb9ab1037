/**
 * A passkey whose signature counter went back: someone holds a copy of the key. Records the
 * customer's `passkey_counter_regressed` event and e-mails them, once per refused assertion, whether
 * the assertion was a login (finish-passkey-authentication.ts) or a payment's approval
 * (payment-authorisations/confirm-payment-authorisation.ts).
 */
import { db } from "@/lib/platform/db";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import type { Device } from "@/lib/domain/tokens/device";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { passkeyNotice } from "./passkey-record";

export async function reportClonedPasskey(
  customer: { id: number; email: string; locale: string | null },
  name: string,
  apiClientId: number,
  device: Device,
): Promise<void> {
  const now = new Date();
  const notice = await passkeyNotice("passkey_cloned", customer, name, now);
  await db().$transaction(async (tx) => {
    const event = { email: customer.email, customerId: customer.id, apiClientId, device };
    await recordEvent(tx, { ...event, type: "passkey_counter_regressed", outcome: "failure" }, now);
    await queueEmail(tx, notice, now);
  });
  emailQueued(notice);
}
