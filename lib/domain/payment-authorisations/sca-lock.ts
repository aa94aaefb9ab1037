/**
 * Five failures in a row lock payment authorisation (RTS 2018/389 Art. 4): wrong assertions or
 * codes across the customer's authorisations, counted on the customer's row. Each attempt claims
 * its place before it is judged, by one UPDATE … RETURNING (`sca_failures + 1` only while under the
 * maximum and not locked), so attempts sent at once are counted as they are sent: of six wrong
 * codes at once, five are judged and the sixth is refused. A success gives the count back (0); the
 * fifth failure sets the lock for SCA_LOCK_MINUTES, fails the customer's pending authorisations, and
 * records the event, the webhook event (customer.sca.locked) and the e-mail in one transaction.
 */
import type { Customer } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { rateLimited } from "@/lib/platform/errors/domain-error";
import { composeNotice } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import type { Device } from "@/lib/domain/tokens/device";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

/** Failures in a row that lock. */
export const MAX_SCA_FAILURES = 5;

const lockMs = () => config().SCA_LOCK_MINUTES * 60_000;

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** A lock whose time has passed is gone, and its count with it. */
async function clearPastLock(customerId: number, now: Date): Promise<void> {
  await db().customer.updateMany({
    where: { id: customerId, scaLockedUntil: { lte: now } },
    data: { scaLockedUntil: null, scaFailures: 0 },
  });
}

/** 429 with Retry-After while the customer's payment authorisation is locked. */
export async function refuseWhileLocked(customerId: number): Promise<void> {
  const now = new Date();
  await clearPastLock(customerId, now);
  const { scaLockedUntil } = await db().customer.findUniqueOrThrow({
    where: { id: customerId },
    select: { scaLockedUntil: true },
  });
  if (scaLockedUntil) throw rateLimited(secondsUntil(scaLockedUntil, now));
}

/**
 * Claims the place of one attempt to be judged: its number in the row (1 to 5). 429 when locked, or
 * when five attempts are already counted (failed, or being judged: one of those may yet lock).
 */
export async function claimScaAttempt(customerId: number): Promise<number> {
  const now = new Date();
  await clearPastLock(customerId, now);
  const [claimed] = await db().customer.updateManyAndReturn({
    where: { id: customerId, scaLockedUntil: null, scaFailures: { lt: MAX_SCA_FAILURES } },
    data: { scaFailures: { increment: 1 } },
    select: { scaFailures: true },
  });
  if (claimed) return claimed.scaFailures;
  const { scaLockedUntil } = await db().customer.findUniqueOrThrow({
    where: { id: customerId },
    select: { scaLockedUntil: true },
  });
  throw rateLimited(scaLockedUntil ? secondsUntil(scaLockedUntil, now) : lockMs() / 1000);
}

/** A right assertion or code: the count starts again. */
export async function resetScaFailures(customerId: number): Promise<void> {
  await db().customer.updateMany({ where: { id: customerId, scaFailures: { gt: 0 } }, data: { scaFailures: 0 } });
}

export type ScaFailure = {
  customer: Pick<Customer, "id" | "email" | "locale">;
  authorisationId: string;
  /** What claimScaAttempt gave this attempt. */
  attempt: number;
  apiClientId: number;
  device: Device;
};

/** A wrong assertion or code, judged: counted on its authorisation, and the lock set by the fifth in a row. */
export async function recordScaFailure({ customer, authorisationId, attempt, apiClientId, device }: ScaFailure) {
  const now = new Date();
  const event = { email: customer.email, customerId: customer.id, apiClientId, device };
  await db().$transaction(async (tx) => {
    await tx.paymentAuthorisation.updateMany({
      where: { id: authorisationId },
      data: { failedAttempts: { increment: 1 } },
    });
    await recordEvent(tx, { ...event, type: "payment_authorisation_failed", outcome: "failure" }, now);
  });
  if (attempt < MAX_SCA_FAILURES) return;
  const until = new Date(now.getTime() + lockMs());
  const notice = await composeNotice("sca_locked", customer.email, await effectiveLocale(customer.locale), {
    when: now,
    until,
  });
  const locked = await db().$transaction(async (tx) => {
    // Only while the count stands at five: a success meanwhile gave it back.
    const { count } = await tx.customer.updateMany({
      where: { id: customer.id, scaLockedUntil: null, scaFailures: { gte: MAX_SCA_FAILURES } },
      data: { scaLockedUntil: until },
    });
    if (count !== 1) return false;
    await tx.paymentAuthorisation.updateMany({
      where: { customerId: customer.id, status: "pending" },
      data: { status: "failed", decidedAt: now },
    });
    await recordEvent(tx, { ...event, type: "sca_locked", outcome: "failure" }, now);
    const data = { customer_id: customer.id, email: customer.email, locked_until: until.toISOString() };
    await queueWebhook(tx, "customer_sca_locked", data, now);
    await queueEmail(tx, notice, now);
    return true;
  });
  if (locked) emailQueued(notice);
}
