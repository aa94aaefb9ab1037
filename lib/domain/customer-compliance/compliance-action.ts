/**
 * What the compliance actions on a customer (block, unblock, sign out everywhere, resend the
 * verification e-mail) share: the written reason they require, and the one transaction that makes
 * the change, records it in the customer's event log and writes the audit entry with the reason
 * (sealed under the customer's audit key: staff's words may name them, and retention erases them).
 */
import { z } from "zod";
import type { Customer, Prisma } from "@/lib/generated/prisma/client";
import type { AuditAction, CustomerEventType, WebhookEventType } from "@/lib/generated/prisma/enums";
import { notFound } from "@/lib/platform/errors/domain-error";
import { fields } from "@/lib/platform/validation/fields";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { sealPersonalValue } from "@/lib/domain/audit/seal-personal-value";
import { customerStatus } from "@/lib/domain/customer-profiles/customer-record";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";

export const REASON_MAX_LENGTH = 1000;

/** The body of every compliance action: why, in words, for the audit log. */
export const complianceActionInput = z.object({ reason: fields.text("Reason", REASON_MAX_LENGTH) });
export type ComplianceActionInput = z.infer<typeof complianceActionInput>;

/**
 * Runs `change` on customer `id` (404 when there is none) in one transaction with its event
 * `type` (and its webhook, if it has one) and an audit entry `action` holding the status before and after, the reason, and what
 * `change` reports.
 */
export async function complianceAction<T extends Record<string, unknown>>(
  id: number,
  { reason }: ComplianceActionInput,
  actor: Actor,
  action: { name: AuditAction; event: CustomerEventType; webhook?: WebhookEventType },
  change: (tx: Prisma.TransactionClient, customer: Customer, now: Date) => Promise<T>,
): Promise<T> {
  return auditedChange(actor, [], async (tx) => {
    const customer = await tx.customer.findUnique({ where: { id } });
    if (!customer) throw notFound("No such customer");
    const now = new Date();
    const result = await change(tx, customer, now);
    const after = await tx.customer.findUniqueOrThrow({ where: { id } });
    const email = customer.closedEmail ?? customer.email;
    await recordEvent(tx, { type: action.event, outcome: "success", email, customerId: id }, now);
    if (action.webhook) await queueWebhook(tx, action.webhook, { customer_id: id, email }, now);
    return {
      result,
      audit: {
        action: action.name,
        resource: "customers",
        resourceId: id,
        before: { status: customerStatus(customer) },
        after: { status: customerStatus(after), reason: await sealPersonalValue(tx, id, reason), ...result },
      },
    };
  });
}
