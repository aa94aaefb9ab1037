/**
 * Issuing a session's tokens (docs/api.md, "Sessions"): an access token (the bearer token every call
 * sends) and a refresh token, both stored only as hashes in one login_tokens row, which is the
 * session. Its INSERT runs as a step of the login's or the registration's one statement
 * (lib/platform/db/one-statement.ts).
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";
import { rowIdValue, type RowId } from "@/lib/platform/db/one-statement";
import type { Device } from "@/lib/domain/tokens/device";
import { newToken } from "./new-token";

/** What a login, a registration or a refresh hands the app: the wire answer is built from it in lib/http/session-tokens.ts. */
export type SessionTokens = {
  /** The access token: `Authorization: Bearer <token>`. */
  token: string;
  refreshToken: string;
  /** Seconds the access token works from now. */
  expiresIn: number;
};

export type SessionOwner = {
  customerId: RowId;
  apiClientId: number;
  device: Device;
  /** The customer's credentials version, read with the password hash the login was checked against. */
  credentialsVersion: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an access token issued at `now` for a session started at `sessionStart` stops working: never past the session's absolute limit. */
export function accessTokenExpiry(sessionStart: Date, now: Date): Date {
  const { ACCESS_TOKEN_TTL_SECONDS, SESSION_MAX_DAYS } = config();
  return new Date(
    Math.min(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000, sessionStart.getTime() + SESSION_MAX_DAYS * DAY_MS),
  );
}

/** Whole seconds from `now` until `expiresAt`. */
export function secondsUntil(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
}

/**
 * A new session for the customer, bound to the API client and device it is issued to and to the
 * customer's credentials version: the tokens to hand out, and the INSERT that stores their hashes
 * (run as a step of a larger statement).
 */
export function sessionTokensInsert(
  owner: SessionOwner,
  now = new Date(),
): { tokens: SessionTokens; insert: Prisma.Sql } {
  const access = newToken();
  const refresh = newToken();
  const expiresAt = accessTokenExpiry(now, now);
  const insert = Prisma.sql`
    INSERT INTO login_tokens (token_hash, refresh_token_hash, customer_id, api_client_id, credentials_version, ip, user_agent, fingerprint, created_at, last_used_at, expires_at)
    VALUES (${access.tokenHash}, ${refresh.tokenHash}, ${rowIdValue(owner.customerId)}, ${owner.apiClientId}, ${owner.credentialsVersion}, ${owner.device.ip},
            ${owner.device.userAgent}, ${owner.device.fingerprint}, ${now}, ${now}, ${expiresAt})`;
  return {
    tokens: { token: access.token, refreshToken: refresh.token, expiresIn: secondsUntil(expiresAt, now) },
    insert,
  };
}
