/**
 * Issuing a login token: the INSERT runs as a step of the login's or the registration's one
 * statement (lib/platform/db/one-statement.ts).
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";
import { rowIdValue, type RowId } from "@/lib/platform/db/one-statement";
import type { Device } from "@/lib/domain/tokens/device";
import { newToken } from "./new-token";

/**
 * A login token for the customer, bound to the API client and device it is issued to and to the
 * customer's credentials version read with the password hash it was checked against: the token to
 * hand out, and the INSERT that stores its hash (run as a step of the login's one statement).
 */
export function loginTokenInsert(
  input: { customerId: RowId; apiClientId: number; device: Device; credentialsVersion: number },
  now = new Date(),
): { token: string; insert: Prisma.Sql } {
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(now.getTime() + config().LOGIN_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);
  const insert = Prisma.sql`
    INSERT INTO login_tokens (token_hash, customer_id, api_client_id, credentials_version, ip, user_agent, fingerprint, created_at, last_used_at, expires_at)
    VALUES (${tokenHash}, ${rowIdValue(input.customerId)}, ${input.apiClientId}, ${input.credentialsVersion}, ${input.device.ip},
            ${input.device.userAgent}, ${input.device.fingerprint}, ${now}, ${now}, ${expiresAt})`;
  return { token, insert };
}
