/**
 * A payment authorisation as the apps see it: what is approved, the IBAN masked to its last four
 * characters, the words the app shows before asking for the gesture (in the customer's language:
 * the amount formatted for its currency, the payee and the IBAN's end), and its status, which reads
 * `expired` for one still pending past its time.
 */
import type { PaymentAuthorisation } from "@/lib/generated/prisma/client";
import type { PaymentAuthorisationStatus, ScaMethod } from "@/lib/generated/prisma/enums";
import { CATALOGUES, catalogueFor } from "@/emails/messages";
import { fill } from "@/emails/components/fill";
import { intlTag } from "@/lib/domain/email/compose-email";
import { minorUnits } from "./currencies";

export type AuthorisationRecord = {
  id: string;
  status: PaymentAuthorisationStatus;
  amount: string;
  currency: string;
  payee: { name: string; iban_masked: string };
  reference: string | null;
  display_text: string;
  method: ScaMethod | null;
  created_at: string;
  expires_at: string;
};

/** "****3000": the IBAN's last four characters. */
export const maskedIban = (iban: string) => `****${iban.slice(-4)}`;

/** Its status now: a pending one past its time is expired. */
export const statusOf = (row: PaymentAuthorisation, now = new Date()): PaymentAuthorisationStatus =>
  row.status === "pending" && row.expiresAt <= now ? "expired" : row.status;

/** "Pay €1,234.50 to Jane Doe, IBAN ending 3000", in the language of `locale` (the customer's effective one). */
export function displayText(row: PaymentAuthorisation, locale: string | null): string {
  const catalogue = catalogueFor(locale);
  const digits = minorUnits(row.currency) ?? 2;
  const amount = new Intl.NumberFormat(intlTag(locale, catalogue), {
    style: "currency",
    currency: row.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    // A decimal string is formatted exactly (Intl.NumberFormat v3), never through a double.
  }).format(row.amount as `${number}`);
  return fill(CATALOGUES[catalogue].payment_authorisation.display, {
    amount,
    payee: row.payeeName,
    last4: row.payeeIban.slice(-4),
  });
}

export function toAuthorisationRecord(row: PaymentAuthorisation, locale: string | null): AuthorisationRecord {
  return {
    id: row.id,
    status: statusOf(row),
    amount: row.amount,
    currency: row.currency,
    payee: { name: row.payeeName, iban_masked: maskedIban(row.payeeIban) },
    reference: row.reference,
    display_text: displayText(row, locale),
    method: row.method,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}
