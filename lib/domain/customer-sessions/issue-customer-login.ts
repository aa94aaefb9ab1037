/**
 * A session for a customer whose login is complete, started in one statement: the attempt's count
 * given back, the login event, the session's tokens, and from a device the account was not known
 * to have used the device remembered and the alert queued. A login with the password alone
 * (login-customer.ts) ends here, and so does one finished with a second factor (complete-customer-login.ts).
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { oneStatement } from "@/lib/platform/db/one-statement";
import { countLogin } from "@/lib/platform/runtime/metrics";
import { emailQueued } from "@/lib/domain/email/queue-email";
import type { Attempt } from "@/lib/domain/rate-limits/count-attempt";
import { releaseSteps } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import { type SessionTokens, sessionTokensInsert } from "@/lib/domain/tokens/issue-session-tokens";
import { identifiesDevice, newDeviceSteps } from "@/lib/domain/customer-accounts/customer-devices";
import { eventInsert } from "@/lib/domain/customer-accounts/record-customer-event";

type LoggedIn = { id: number; email: string; locale: string | null; credentialsVersion: number };

export type IssueCustomerLoginOptions = {
  customer: LoggedIn;
  client: AuthenticatedClient;
  device: Device;
  /** The login's attempt, counted against the login limits: given back. */
  attempt: Attempt;
  /** Whether the account is known to have used the device; read here when not given. */
  knownDevice?: boolean;
};

/** The new session's tokens. */
export async function issueCustomerLogin({
  customer,
  client,
  device,
  attempt,
  knownDevice,
}: IssueCustomerLoginOptions): Promise<SessionTokens> {
  const session = sessionTokensInsert({
    customerId: customer.id,
    apiClientId: client.id,
    device,
    credentialsVersion: customer.credentialsVersion,
  });
  const known = knownDevice ?? (await usedDevice(customer.id, device));
  const newDevice = known ? { steps: [] } : await newDeviceSteps(customer, client, device);
  const event = { type: "login" as const, email: customer.email, apiClientId: client.id, device };
  const written = await db().$executeRaw(
    oneStatement([
      ...releaseSteps(attempt),
      eventInsert({ ...event, outcome: "success", customerId: customer.id }),
      session.insert,
      ...newDevice.steps,
    ]),
  );
  // The alert is the statement's last step: one row written if this login queued it.
  if (newDevice.alert && written === 1) emailQueued(newDevice.alert);
  countLogin("success");
  return session.tokens;
}

async function usedDevice(customerId: number, device: Device): Promise<boolean> {
  if (!identifiesDevice(device)) return true;
  const seen = await db().customerDevice.findUnique({
    where: { customerId_fingerprint: { customerId, fingerprint: device.fingerprint } },
    select: { customerId: true },
  });
  return seen !== null;
}
