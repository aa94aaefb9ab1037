import { unauthenticated } from "@/lib/api/errors";
import { parseInput, type RawInput } from "@/lib/api/input";
import { loginRequest } from "@/lib/api/schemas";
import type { AuthenticatedClient } from "@/lib/clients";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { hashPassword, verifyPassword } from "@/lib/passwords";
import { emailAndIpLimits, enforceLimits, recordHits, type Limit } from "@/lib/rate-limit";
import { issueLoginToken } from "@/lib/tokens";
import type { Device } from "./device";
import { recordEvent } from "./events";

const INCORRECT = "Incorrect e-mail address or password";

function loginLimits(email: string, ip: string): Limit[] {
  const settings = config();
  const { perEmail, perIp } = emailAndIpLimits("login", email, ip, {
    perEmail: settings.LOGIN_MAX_FAILURES_PER_EMAIL,
    perIp: settings.LOGIN_MAX_FAILURES_PER_IP,
    windowMinutes: settings.LOGIN_WINDOW_MINUTES,
  });
  return [perEmail, perIp];
}

/**
 * Checks the e-mail and password and issues a login token. Unknown e-mail and wrong password
 * answer alike, in comparable time. Failed attempts count towards the per-e-mail and per-IP limits.
 */
export async function loginCustomer(raw: RawInput, client: AuthenticatedClient, device: Device): Promise<string> {
  const input = parseInput(loginRequest, raw);
  const limits = loginLimits(input.email, device.ip);
  const event = { type: "login" as const, email: input.email, apiClientId: client.id, device };

  try {
    await enforceLimits(limits);
  } catch (error) {
    await recordEvent(db(), { ...event, outcome: "rate_limited" });
    throw error;
  }

  const customer = await db().customer.findUnique({ where: { email: input.email } });
  const verification = await verifyPassword(input.password, customer?.passwordHash);

  if (!customer || !verification.valid) {
    await recordHits(limits);
    await recordEvent(db(), { ...event, type: "login_failed", outcome: "failure", customerId: customer?.id });
    throw unauthenticated(INCORRECT);
  }

  const upgradedHash = verification.needsRehash ? await hashPassword(input.password) : undefined;
  return db().$transaction(async (tx) => {
    if (upgradedHash) await tx.customer.update({ where: { id: customer.id }, data: { passwordHash: upgradedHash } });
    await recordEvent(tx, { ...event, outcome: "success", customerId: customer.id });
    return issueLoginToken(tx, { customerId: customer.id, apiClientId: client.id, device });
  });
}
