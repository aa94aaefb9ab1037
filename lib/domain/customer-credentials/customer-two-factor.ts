/**
 * A customer's second factor (TOTP and recovery codes, lib/domain/two-factor/): checking a code,
 * asking for one before a sensitive change (step-up), and turning it off. A TOTP code is accepted
 * only for a step later than the last one accepted, recorded by the statement that accepts it, so
 * no code works twice, even in two requests at once; a recovery code is deleted as it is used, by
 * one statement, with its notice e-mail and its event in the same transaction.
 */
import type { Customer, Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { type DomainError, fieldError } from "@/lib/platform/errors/domain-error";
import { composeNotice } from "@/lib/domain/email/compose-email";
import { emailQueued, queueEmail } from "@/lib/domain/email/queue-email";
import { countAttempt } from "@/lib/domain/rate-limits/count-attempt";
import { customerLoginLimits } from "@/lib/domain/rate-limits/limits";
import { refuse, release } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import { recoveryCodeHash } from "@/lib/domain/two-factor/recovery-codes";
import { isUsedCode, MAX_CODE_LENGTH, totpStep } from "@/lib/domain/two-factor/totp-code";
import { openTotpSecret } from "@/lib/domain/two-factor/totp-secret-box";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { eventInsert, recordEvent, type CustomerEvent } from "@/lib/domain/customer-accounts/record-customer-event";

/** Where a code was entered: recorded with the event of a recovery code used. */
export type CodeSource = { apiClientId: number; device: Device };

export const wrongCode = () =>
  fieldError("code", "invalid", "This code is not right: enter the code your app shows now");

/**
 * Why `code` was refused (acceptCustomerSecondFactor said false): `code/already_used` for a TOTP
 * code accepted before, read from the row now so that a use at the same moment counts; else wrong.
 */
export async function refusedCode(customer: Customer, code: string): Promise<DomainError> {
  const box = customer.totpSecretEncrypted;
  const secret = box && code.length <= MAX_CODE_LENGTH ? openTotpSecret("customer", box) : null;
  if (!secret) return wrongCode();
  const current = await db().customer.findUnique({
    where: { id: customer.id },
    select: { totpSecretEncrypted: true, totpLastStep: true },
  });
  if (current?.totpSecretEncrypted === box && (await isUsedCode(secret, code.trim(), current.totpLastStep))) {
    return fieldError("code", "already_used", "This code was already used: wait for the next code your app shows");
  }
  return wrongCode();
}

/**
 * Whether `code` is a TOTP code of the customer's confirmed secret now, its step recorded: true when
 * this call accepted it, false when another use of it won, undefined when it is no valid code (or
 * the secret, sealed under another AUTH_SECRET, cannot be read). Payment approvals take TOTP alone.
 */
export async function acceptCustomerTotp(customer: Customer, code: string): Promise<boolean | undefined> {
  const box = customer.totpSecretEncrypted;
  if (!box || code.length > MAX_CODE_LENGTH) return undefined;
  const secret = openTotpSecret("customer", box);
  const step = secret && (await totpStep(secret, code.trim(), customer.totpLastStep));
  if (!step) return undefined;
  // Only over the secret checked, and only a later step than any accepted: of two uses of one code, one wins.
  const { count } = await db().customer.updateMany({
    where: {
      id: customer.id,
      totpSecretEncrypted: box,
      OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }],
    },
    data: { totpLastStep: step },
  });
  return count === 1;
}

/**
 * Whether `code` is the customer's second factor now: a TOTP code of the confirmed secret (its
 * step recorded), or an unused recovery code (used up, the customer e-mailed). Malformed,
 * oversized and replayed codes are false.
 */
export async function acceptCustomerSecondFactor(
  customer: Customer,
  code: string,
  source: CodeSource,
): Promise<boolean> {
  if (!customer.totpSecretEncrypted || code.length > MAX_CODE_LENGTH) return false;
  const accepted = await acceptCustomerTotp(customer, code);
  if (accepted !== undefined) return accepted;
  const codeHash = recoveryCodeHash(code);
  if (!codeHash) return false;
  const where = { customerId_codeHash: { customerId: customer.id, codeHash } };
  if (!(await db().customerRecoveryCode.findUnique({ where, select: { id: true } }))) return false;
  const now = new Date();
  const notice = await composeNotice("recovery_code_used", customer.email, await effectiveLocale(customer.locale), {
    when: now,
  });
  const used = await db().$transaction(async (tx) => {
    const { count } = await tx.customerRecoveryCode.deleteMany({ where: { customerId: customer.id, codeHash } });
    if (count !== 1) return false;
    await queueEmail(tx, notice, now);
    await recordEvent(
      tx,
      {
        type: "recovery_code_used",
        outcome: "success",
        email: customer.email,
        customerId: customer.id,
        ...source,
      },
      now,
    );
    return true;
  });
  if (used) emailQueued(notice);
  return used;
}

export type ConfirmCustomerSecondFactorOptions = {
  customer: Customer;
  /** As sent; undefined when the request had none. */
  code: string | undefined;
  device: Device;
  /** The event of the action, recorded as a failure (wrong code) or rate_limited (refused). */
  event: Omit<CustomerEvent<number>, "outcome" | "device"> & { apiClientId: number };
};

/**
 * Step-up: with two-factor on, a sensitive change needs a current code as well (`code/required`,
 * `code/invalid`, `code/already_used`); with it off, nothing. Each code counts against the account's login limits like
 * a password, and a right one gives its count back.
 */
export async function confirmCustomerSecondFactor({
  customer,
  code,
  device,
  event,
}: ConfirmCustomerSecondFactorOptions): Promise<void> {
  if (!customer.totpEnabledAt) return;
  if (!code) throw fieldError("code", "required", "Two-factor is on: enter the code your authenticator app shows");
  const attempt = await countAttempt(Object.values(customerLoginLimits(customer.email, device.ip)));
  if (attempt.limited) await refuse(attempt, [eventInsert({ ...event, outcome: "rate_limited", device })]);
  if (!(await acceptCustomerSecondFactor(customer, code, { apiClientId: event.apiClientId, device }))) {
    await recordEvent(db(), { ...event, outcome: "failure", device });
    throw await refusedCode(customer, code);
  }
  await release(attempt);
}

/**
 * Turns the customer's two-factor off within `tx`: the secret, any pending enrolment, the recovery
 * codes and every login waiting for a code go. Only while it is the two-factor enabled at
 * `enabledAt` (a later one stays); true when this call turned it off.
 */
export async function turnOffCustomerTwoFactor(
  tx: Prisma.TransactionClient,
  customer: Pick<Customer, "id" | "totpEnabledAt">,
): Promise<boolean> {
  const { count } = await tx.customer.updateMany({
    where: { id: customer.id, totpEnabledAt: customer.totpEnabledAt ?? { not: null } },
    data: { totpSecretEncrypted: null, totpPendingSecretEncrypted: null, totpEnabledAt: null, totpLastStep: null },
  });
  if (count !== 1) return false;
  await tx.customerRecoveryCode.deleteMany({ where: { customerId: customer.id } });
  await tx.customerMfaToken.deleteMany({ where: { customerId: customer.id } });
  return true;
}
