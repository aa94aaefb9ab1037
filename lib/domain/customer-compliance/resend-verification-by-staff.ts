/**
 * Staff sending a customer a new verification e-mail (POST /api/admin/customers/{id}/resend-verification),
 * built from the link template the customer registered with (kept by register-customer.ts).
 */
import { invalidRequest, notFound } from "@/lib/platform/errors/domain-error";
import { db } from "@/lib/platform/db";
import type { Customer, Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { composeEmail } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { createEmailToken } from "@/lib/domain/tokens/issue-email-token";
import { newToken } from "@/lib/domain/tokens/new-token";
import { revokeEmailTokens } from "@/lib/domain/tokens/revoke-email-tokens";
import { linkWithToken, parseLinkTemplate } from "@/lib/platform/validation/link-template";
import { complianceAction, type ComplianceActionInput } from "./compliance-action";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";

/** Why the customer cannot be sent one, or null when it can. */
function refusal(customer: Customer): string | null {
  if (customer.closedAt) return "This account is closed";
  if (customer.blockedAt) return "This account is blocked: unblock it first";
  if (customer.emailVerifiedAt) return "This e-mail address is already verified";
  if (!customer.emailVerificationUrl) {
    return "This customer has no verification link on record (imported, or registered before links were kept): the customer can ask for a new e-mail from the app";
  }
  return null;
}

/**
 * Queues a new verification e-mail (link valid 24 h) and revokes every earlier verification link,
 * with the customer's event and the audit entry, in one transaction. Refused (400, nothing sent)
 * for a closed, blocked or already verified account, one without a link template on record, or
 * one whose template's origin its API client no longer allows (or that client is gone or revoked).
 * The e-mail is written before the transaction (rendering reads settings, which must not wait on
 * the transaction's connection); the transaction checks the account is still as it was read.
 * Concurrent requests take their turn on the customer's row: each sends its e-mail, and only the
 * link of the last one works.
 */
export async function resendVerificationByStaff(
  id: number,
  input: ComplianceActionInput,
  actor: Actor,
): Promise<{ sent_to: string }> {
  const customer = await db().customer.findUnique({ where: { id } });
  if (!customer) throw notFound("No such customer");
  const early = refusal(customer);
  if (early) throw invalidRequest(early);
  await refuseUnlessAllowed(customer);
  const verification = newToken();
  const email = await composeEmail(
    "verify_email",
    customer.email,
    linkWithToken(customer.emailVerificationUrl as string, verification.token),
    await effectiveLocale(customer.locale),
  );

  await complianceAction(
    id,
    input,
    actor,
    { name: "resend_verification", event: "verification_resent_by_staff" },
    async (tx, _, now) => {
      const current = await lockSendable(tx, id, now);
      if (current.email !== customer.email || current.locale !== customer.locale) {
        throw invalidRequest("This account changed meanwhile: try again");
      }
      await revokeEmailTokens(tx, id, "verify_email", now);
      await createEmailToken(
        tx,
        {
          customerId: id,
          purpose: "verify_email",
          tokenHash: verification.tokenHash,
          securityVersion: current.securityVersion,
        },
        now,
      );
      await queueEmail(tx, email, now);
      // Nothing for the audit entry beyond the status and the reason: never the address it went to,
      // a customer's personal data (docs/security.md, the hash chain).
      return {};
    },
  );
  emailQueued(email);
  // The address the transaction found unchanged.
  return { sent_to: customer.email };
}

/**
 * Locks the customer's row while it may still be sent an e-mail (so a block, a verification or
 * another resend waits for this one, or this one for them) and returns the row as locked.
 */
async function lockSendable(tx: Prisma.TransactionClient, id: number, now: Date): Promise<Customer> {
  const { count } = await tx.customer.updateMany({
    where: { id, closedAt: null, blockedAt: null, emailVerifiedAt: null },
    data: { updatedAt: now },
  });
  const current = await tx.customer.findUniqueOrThrow({ where: { id } });
  const late = refusal(current);
  if (count === 0 || late) throw invalidRequest(late ?? "This account changed meanwhile: try again");
  return current;
}

/** The template's origin must still be one its API client allows. */
async function refuseUnlessAllowed(customer: Customer): Promise<void> {
  const client = customer.registeredVia
    ? await db().apiClient.findUnique({ where: { id: customer.registeredVia } })
    : null;
  const origin = parseLinkTemplate(customer.emailVerificationUrl ?? "")?.origin;
  if (!client?.active || client.revokedAt || !origin || !client.allowedOrigins.includes(origin)) {
    throw invalidRequest(
      "The app this customer registered through no longer allows its verification link: the customer can ask for a new e-mail from the app",
    );
  }
}
