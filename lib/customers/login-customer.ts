import { unauthenticated } from "@/lib/api/errors";
import { parseInput, type RawInput } from "@/lib/api/input";
import { loginRequest } from "@/lib/api/schemas";
import type { AuthenticatedClient } from "@/lib/clients";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { oneStatement } from "@/lib/db/one-statement";
import { hashPassword, verifyPassword } from "@/lib/passwords";
import { blockingHits, emailAndIpLimits, recordHits, throwIfLimited, type Limit } from "@/lib/rate-limit";
import { loginTokenInsert } from "@/lib/tokens";
import type { Device } from "./device";
import { eventInsert, recordEvent } from "./events";

const INCORRECT = "Incorrect e-mail address or password";

/** A row of the login's first query: the account (if any) beside one blocking hit (if any). */
type AccountAndHit = { id: number | null; password_hash: string | null; index: number | null; created_at: Date | null };

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

  const now = new Date();
  // The account and whichever limit blocks this attempt, in one round trip to the database.
  const rows = await db().$queryRaw<AccountAndHit[]>`
    SELECT customers.id, customers.password_hash, hit.index, hit.created_at
    FROM (SELECT 1) AS attempt
    LEFT JOIN customers ON customers.email = ${input.email}
    LEFT JOIN (${blockingHits(limits, now)}) AS hit ON true`;
  try {
    throwIfLimited(limits, rows.flatMap(({ index, created_at }) => (index === null ? [] : [{ index, created_at: created_at! }])), now);
  } catch (error) {
    await recordEvent(db(), { ...event, outcome: "rate_limited" });
    throw error;
  }

  const [account] = rows;
  const customer = account.id === null ? null : { id: account.id, passwordHash: account.password_hash! };
  const verification = await verifyPassword(input.password, customer?.passwordHash);

  if (!customer || !verification.valid) {
    await recordHits(limits, [eventInsert({ ...event, type: "login_failed", outcome: "failure", customerId: customer?.id })]);
    throw unauthenticated(INCORRECT);
  }

  if (verification.needsRehash) {
    // Its own write: should the statement below fail, the new hash is still the same password's.
    await db().customer.update({ where: { id: customer.id }, data: { passwordHash: await hashPassword(input.password) } });
  }
  const login = loginTokenInsert({ customerId: customer.id, apiClientId: client.id, device });
  await db().$executeRaw(oneStatement([eventInsert({ ...event, outcome: "success", customerId: customer.id }), login.insert]));
  return login.token;
}
