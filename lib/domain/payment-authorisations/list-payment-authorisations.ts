/**
 * A customer's payment authorisations as staff see them (GET /api/admin/customers/{id}/authorisations,
 * the customer page's panel, and the customer's data export): amount, payee (the IBAN masked), method,
 * status, failures and times, newest first; and whether approvals are locked, until when.
 */
import type { PaymentAuthorisation } from "@/lib/generated/prisma/client";
import type { PaymentAuthorisationStatus, ScaMethod } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import { maskedIban, statusOf } from "./authorisation-record";

export type StaffAuthorisationRecord = {
  id: string;
  status: PaymentAuthorisationStatus;
  amount: string;
  currency: string;
  payee_name: string;
  payee_iban_masked: string;
  reference: string | null;
  method: ScaMethod | null;
  failed_attempts: number;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
};

export type CustomerAuthorisations = {
  locked_until: string | null;
  failures_in_a_row: number;
  authorisations: StaffAuthorisationRecord[];
};

/** The newest this many are listed. */
export const LISTED_AUTHORISATIONS = 100;

export const toStaffAuthorisationRecord = (row: PaymentAuthorisation, now = new Date()): StaffAuthorisationRecord => ({
  id: row.id,
  status: statusOf(row, now),
  amount: row.amount,
  currency: row.currency,
  payee_name: row.payeeName,
  payee_iban_masked: maskedIban(row.payeeIban),
  reference: row.reference,
  method: row.method,
  failed_attempts: row.failedAttempts,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  decided_at: row.decidedAt?.toISOString() ?? null,
});

/** The customer's authorisations, newest first (oldest first with `oldestFirst`, every one). */
export async function customerAuthorisationRows(customerId: number, oldestFirst = false) {
  return db().paymentAuthorisation.findMany({
    where: { customerId },
    orderBy: [{ createdAt: oldestFirst ? "asc" : "desc" }, { id: oldestFirst ? "asc" : "desc" }],
    ...(oldestFirst ? {} : { take: LISTED_AUTHORISATIONS }),
  });
}

export async function listPaymentAuthorisations(customerId: number): Promise<CustomerAuthorisations> {
  const customer = await db().customer.findUnique({
    where: { id: customerId },
    select: { scaLockedUntil: true, scaFailures: true },
  });
  if (!customer) throw notFound("No such customer");
  const now = new Date();
  const locked = customer.scaLockedUntil !== null && customer.scaLockedUntil > now;
  return {
    locked_until: locked ? (customer.scaLockedUntil?.toISOString() ?? null) : null,
    failures_in_a_row: locked || customer.scaLockedUntil === null ? customer.scaFailures : 0,
    authorisations: (await customerAuthorisationRows(customerId)).map((row) => toStaffAuthorisationRecord(row, now)),
  };
}
