/**
 * A login token for a customer whose login is complete, issued as login-customer.ts issues one:
 * in one statement, the attempt's count given back, the login event, the token, and from a device
 * the account was not known to have used the device remembered and the alert queued. Finishing a
 * login with a second factor (complete-customer-login.ts) issues its token here.
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import type { Customer } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { oneStatement } from "@/lib/platform/db/one-statement";
import { countLogin } from "@/lib/platform/runtime/metrics";
import { emailQueued } from "@/lib/domain/email/queue-email";
import type { Attempt } from "@/lib/domain/rate-limits/count-attempt";
import { releaseSteps } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import { loginTokenInsert } from "@/lib/domain/tokens/issue-login-token";
import { identifiesDevice, newDeviceSteps } from "./customer-devices";
import { eventInsert } from "./record-customer-event";

export type IssueCustomerLoginOptions = {
  customer: Customer;
  client: AuthenticatedClient;
  device: Device;
  /** The login's attempt, counted against the login limits: given back. */
  attempt: Attempt;
};

/** The new login token. */
export async function issueCustomerLogin({
  customer,
  client,
  device,
  attempt,
}: IssueCustomerLoginOptions): Promise<string> {
  const login = loginTokenInsert({
    customerId: customer.id,
    apiClientId: client.id,
    device,
    credentialsVersion: customer.credentialsVersion,
  });
  const knownDevice =
    !identifiesDevice(device) ||
    (await db().customerDevice.findUnique({
      where: { customerId_fingerprint: { customerId: customer.id, fingerprint: device.fingerprint } },
      select: { customerId: true },
    })) !== null;
  const newDevice = knownDevice ? { steps: [] } : await newDeviceSteps(customer, client, device);
  const event = { type: "login" as const, email: customer.email, apiClientId: client.id, device };
  const written = await db().$executeRaw(
    oneStatement([
      ...releaseSteps(attempt),
      eventInsert({ ...event, outcome: "success", customerId: customer.id }),
      login.insert,
      ...newDevice.steps,
    ]),
  );
  // The alert is the statement's last step: one row written if this login queued it.
  if (newDevice.alert && written === 1) emailQueued(newDevice.alert);
  countLogin("success");
  return login.token;
}
