import { unauthenticated } from "@/lib/errors/domain-error";
import { parseInput, type RawInput } from "@/lib/validation/parse-input";
import { loginRequest } from "@/lib/http/schemas";
import type { AuthenticatedClient } from "@/lib/api-clients/api-clients";
import { config } from "@/lib/config";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { oneStatement } from "@/lib/db/one-statement";
import { hashPassword, verifyPassword } from "@/lib/passwords/passwords";
import { countAttemptWith, emailAndIpLimits, refuse, releaseSteps, type Limit } from "@/lib/rate-limits/count-attempt";
import { loginTokenInsert } from "@/lib/tokens/tokens";
import type { Device } from "@/lib/http/read-device";
import { eventInsert, recordEvent } from "./events";

const INCORRECT = "Incorrect e-mail address or password";

/** The account an attempt is for, read in the statement that counts the attempt. */
type Account = { id: number; password_hash: string; credentials_version: number };

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
 * answer alike, in comparable time. Every attempt is counted against the per-e-mail and per-IP
 * limits before its password is checked; a successful one takes its count back, so the limits
 * are on failures.
 */
export async function loginCustomer(raw: RawInput, client: AuthenticatedClient, device: Device): Promise<string> {
  const input = parseInput(loginRequest, raw);
  const event = { type: "login" as const, email: input.email, apiClientId: client.id, device };

  // The attempt is counted and the account read in one round trip to the database.
  const { attempt, row: account } = await countAttemptWith<Account>(
    loginLimits(input.email, device.ip),
    Prisma.sql`SELECT id, password_hash, credentials_version FROM customers WHERE email = ${input.email}`,
  );
  if (attempt.limited) await refuse(attempt, [eventInsert({ ...event, outcome: "rate_limited" })]);

  const verification = await verifyPassword(input.password, account?.password_hash);
  if (!account || !verification.valid) {
    await recordEvent(db(), { ...event, type: "login_failed", outcome: "failure", customerId: account?.id });
    throw unauthenticated(INCORRECT);
  }

  if (verification.needsRehash) {
    // Its own write, and only over the hash just verified: a password changed meanwhile stays changed.
    await db().customer.updateMany({
      where: { id: account.id, passwordHash: account.password_hash },
      data: { passwordHash: await hashPassword(input.password) },
    });
  }
  const login = loginTokenInsert({
    customerId: account.id,
    apiClientId: client.id,
    device,
    credentialsVersion: account.credentials_version,
  });
  await db().$executeRaw(oneStatement([...releaseSteps(attempt), eventInsert({ ...event, outcome: "success", customerId: account.id }), login.insert]));
  return login.token;
}
