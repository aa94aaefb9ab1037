/** The back office sends a failed e-mail again. */
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { toOutboxRecord, type OutboxRecord } from "./outbox-record";
import { outboxRow } from "./read-outbox-email";
import { emailRequeued, requeueFailedEmail } from "./requeue-email";

/**
 * Puts a failed e-mail back in the queue; the change and its audit entry are one transaction. The
 * entry holds the e-mail's template, status and attempts: never its body, nor its address (a
 * customer's personal data, which the audit log never holds: docs/security.md).
 */
const facts = ({ template, status, attempts }: OutboxRecord) => ({ template, status, attempts });

export async function resendOutboxEmail(id: string, actor: Actor): Promise<OutboxRecord> {
  const before = toOutboxRecord(await outboxRow(id));
  const after = await auditedChange(actor, [], async (tx) => {
    const retried = await requeueFailedEmail(tx, id);
    if (!retried) throw invalidRequest("Only a failed e-mail can be sent again");
    const requeued = toOutboxRecord(retried);
    return {
      result: requeued,
      audit: { action: "resend", resource: "outbox", resourceId: id, before: facts(before), after: facts(requeued) },
    };
  });
  emailRequeued();
  return after;
}
