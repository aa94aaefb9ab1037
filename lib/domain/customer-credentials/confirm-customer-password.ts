/**
 * A signed-in customer's password asked again before an action that cannot be undone (closing the
 * account). Each attempt counts against the same limits as a login (lib/domain/rate-limits/limits.ts, per
 * e-mail address and per IP), so guessing the password here gets no more tries than at login, and
 * tries here use up the login's: a wrong password is a failure like a failed login, a right one
 * gives its count back like a successful one.
 */
import { fieldError } from "@/lib/platform/errors/domain-error";
import { db } from "@/lib/platform/db";
import { verifyPassword } from "@/lib/domain/passwords/verify-password";
import { countAttempt } from "@/lib/domain/rate-limits/count-attempt";
import { customerLoginLimits } from "@/lib/domain/rate-limits/limits";
import { refuse, release } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import { eventInsert, recordEvent, type CustomerEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export type ConfirmCustomerPasswordOptions = {
  customer: { id: number; email: string; passwordHash: string };
  password: string;
  device: Device;
  /** The event of the action, recorded as a failure (wrong password) or rate_limited (refused). */
  event: Omit<CustomerEvent<number>, "outcome" | "device">;
};

/** Returns when `password` is the customer's; `password/invalid` when not, `rate_limited` past the limits. */
export async function confirmCustomerPassword({
  customer,
  password,
  device,
  event,
}: ConfirmCustomerPasswordOptions): Promise<void> {
  const attempt = await countAttempt(Object.values(customerLoginLimits(customer.email, device.ip)));
  if (attempt.limited) await refuse(attempt, [eventInsert({ ...event, outcome: "rate_limited", device })]);
  if (!(await verifyPassword(password, customer.passwordHash)).valid) {
    await recordEvent(db(), { ...event, outcome: "failure", device });
    throw fieldError("password", "invalid", "Incorrect password");
  }
  await release(attempt);
}
