/**
 * Compliance or an admin removing one of a customer's passkeys (POST
 * /api/admin/customers/{id}/passkeys/{pid}/remove `{reason}`), say one on a phone the customer lost:
 * the passkey, the account event, the audit entry with the reason, the notice e-mail and the
 * customer.passkey_removed webhook (`by: "staff"`) are one transaction.
 */
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import { passkeyNotice } from "@/lib/domain/passkeys/passkey-record";
import { complianceAction, type ComplianceActionInput } from "./compliance-action";

const noSuchPasskey = () => notFound("No such passkey on this customer");

export async function removeCustomerPasskeyByStaff(
  id: number,
  passkeyId: number,
  input: ComplianceActionInput,
  actor: Actor,
): Promise<void> {
  const passkey = await db().passkey.findFirst({
    where: { id: passkeyId, customerId: id },
    include: { customer: true },
  });
  if (!passkey) throw noSuchPasskey();
  // Rendered before the transaction: rendering reads settings, which must not wait on its connection.
  const notice = await passkeyNotice("passkey_removed", passkey.customer, passkey.name, new Date());
  await complianceAction(
    id,
    input,
    actor,
    { name: "remove_passkey", event: "passkey_removed_by_staff" },
    async (tx, current, now) => {
      const { count } = await tx.passkey.deleteMany({ where: { id: passkey.id, customerId: id } });
      if (count !== 1) throw noSuchPasskey();
      await queueEmail(tx, notice, now);
      const data = { customer_id: id, email: current.email, passkey_id: passkey.id, by: "staff" };
      await queueWebhook(tx, "customer_passkey_removed", data, now);
      return { passkey_id: passkey.id };
    },
  );
  emailQueued(notice);
}
