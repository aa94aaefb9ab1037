/**
 * Compliance or an admin resetting a customer's two-factor (POST /api/admin/customers/{id}/reset-mfa
 * `{reason}`), for a customer who lost their phone: the secret, the recovery codes and any login
 * waiting for a code go; the customer logs in with the password alone and can enrol again. The
 * change, the account event, the audit entry with the reason, the notice e-mail and the
 * customer.mfa_disabled webhook (`by: "staff"`) are one transaction.
 */
import { db } from "@/lib/platform/db";
import { invalidRequest, notFound } from "@/lib/platform/errors/domain-error";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { composeNotice } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import { complianceAction, type ComplianceActionInput } from "./compliance-action";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { turnOffCustomerTwoFactor } from "@/lib/domain/customer-credentials/customer-two-factor";

const nothingToReset = () => invalidRequest("This customer has no two-factor to reset");

export async function resetCustomerMfaByStaff(id: number, input: ComplianceActionInput, actor: Actor): Promise<void> {
  const customer = await db().customer.findUnique({ where: { id } });
  if (!customer) throw notFound("No such customer");
  if (!customer.totpEnabledAt) throw nothingToReset();
  if (customer.closedAt) throw invalidRequest("This account is closed");
  // Rendered before the transaction: rendering reads settings, which must not wait on its connection.
  const notice = await composeNotice("mfa_disabled", customer.email, await effectiveLocale(customer.locale), {
    when: new Date(),
  });
  await complianceAction(
    id,
    input,
    actor,
    { name: "reset_mfa", event: "mfa_reset_by_staff" },
    async (tx, current, now) => {
      // Only the two-factor and the address the notice was written for.
      if (current.email !== customer.email || !(await turnOffCustomerTwoFactor(tx, customer))) throw nothingToReset();
      await queueEmail(tx, notice, now);
      await queueWebhook(tx, "customer_mfa_disabled", { customer_id: id, email: current.email, by: "staff" }, now);
      return { two_factor: false };
    },
  );
  emailQueued(notice);
}
