/**
 * The passkey challenge of a payment authorisation, derived from exactly what is approved: SHA-256
 * over a canonical form (JSON, keys sorted, no spaces) of the amount, currency, payee's name and
 * IBAN, reference, the authorisation's id and its random nonce. An assertion signs it, so an
 * assertion over one payment can never confirm another, nor the same one with anything changed.
 */
import { createHash } from "node:crypto";
import type { PaymentAuthorisation } from "@/lib/generated/prisma/client";

type Approved = Pick<
  PaymentAuthorisation,
  "id" | "amount" | "currency" | "payeeName" | "payeeIban" | "reference" | "nonce"
>;

/** The canonical form: the keys in sorted order, as JSON.stringify writes them in insertion order. */
export function canonicalForm(row: Approved): string {
  return JSON.stringify({
    amount: row.amount,
    authorisation_id: row.id,
    currency: row.currency,
    nonce: row.nonce,
    payee_iban: row.payeeIban,
    payee_name: row.payeeName,
    reference: row.reference ?? "",
  });
}

/** The challenge's bytes, and as base64url (what WebAuthn's client data carries). */
export function transactionChallenge(row: Approved): { bytes: Uint8Array<ArrayBuffer>; base64url: string } {
  const digest = createHash("sha256").update(canonicalForm(row), "utf8").digest();
  return { bytes: Uint8Array.from(digest), base64url: digest.toString("base64url") };
}
