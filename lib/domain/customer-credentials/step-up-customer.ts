/**
 * The step-up before a sensitive change to a signed-in customer's account (an e-mail change, closing
 * the account, two-factor off, adding or removing a passkey): the password (./confirm-customer-password.ts)
 * and, with two-factor on, a code of the moment (./customer-two-factor.ts), each counted like a login
 * attempt. A refusal records the action's event as a failure or rate_limited, and throws its coded error.
 */
import type { Customer } from "@/lib/generated/prisma/client";
import type { CustomerEventType } from "@/lib/generated/prisma/enums";
import type { Device } from "@/lib/domain/tokens/device";
import { confirmCustomerPassword } from "./confirm-customer-password";
import { confirmCustomerSecondFactor } from "./customer-two-factor";

export type StepUpCustomerOptions<T extends CustomerEventType> = {
  customer: Customer;
  /** Validated: the password, and the code when two-factor is on. */
  input: { password: string; code?: string };
  apiClientId: number;
  device: Device;
  /** The event of the action the step-up is for. */
  type: T;
  /** The address the event concerns: the account's, unless the action names another (an e-mail change). */
  email?: string;
};

/** The action's event (without outcome) once the customer has stepped up; the step's coded error otherwise. */
export async function stepUpCustomer<T extends CustomerEventType>({
  customer,
  input,
  apiClientId,
  device,
  type,
  email,
}: StepUpCustomerOptions<T>) {
  const event = { type, email: email ?? customer.email, customerId: customer.id, apiClientId };
  await confirmCustomerPassword({ customer, password: input.password, device, event });
  await confirmCustomerSecondFactor({ customer, code: input.code, device, event });
  return event;
}
