/**
 * A refresh (POST /client/v1/token/refresh) in one statement: the session's refresh token is
 * spent and its tokens replaced by a new pair, atomically. The UPDATE is conditional on the
 * refresh token still being the session's, so of any number of requests presenting it at once
 * exactly one rotates it (the others wait for its row lock, then find the token gone, and are
 * answered from the spent token's row: refresh-customer-session.ts). One statement rather than a
 * Prisma transaction: a refresh hashes no password, so its round trips are all it costs
 * (docs/performance.md); and prepared once per connection (prepared-statements.ts).
 *
 * The spent token's hash is kept (spent_refresh_tokens) so that presenting it again is recognised,
 * with the pair it was exchanged for sealed under AUTH_SECRET until the grace
 * (REFRESH_REUSE_GRACE_SECONDS) is over: a retry that lost its answer gets the same pair again.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { prepared } from "@/lib/platform/db/prepared-statements";
import { sha256 } from "@/lib/platform/secrets";
import { sealWithAuthSecret } from "@/lib/platform/auth-secret";
import { newToken } from "./new-token";
import { refreshableSessionCutoffs } from "./live-login-token";
import { type SessionTokens, secondsUntil } from "./issue-session-tokens";
import { SUCCESSOR_PURPOSE } from "./spent-refresh-token";

/**
 * The statement that exchanges `refreshToken`, presented through the API client `apiClientId`, for
 * `next` (hashes), with `sealedNext` kept for the grace; it returns the session's id and its new
 * access token's expiry, or no row when the token is not a live session's refresh token for this
 * client (unknown, spent, revoked, past its limits, credentials changed since, another client's).
 */
export function rotationStatement(
  refreshToken: string,
  apiClientId: number,
  next: { accessHash: string; refreshHash: string; sealed: string },
  now: Date,
): Prisma.Sql {
  const { ACCESS_TOKEN_TTL_SECONDS, SESSION_MAX_DAYS, REFRESH_REUSE_GRACE_SECONDS } = config();
  const { startedAfter, activeAfter } = refreshableSessionCutoffs(now);
  const presented = sha256(refreshToken);
  const accessUntil = new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
  const graceUntil = new Date(now.getTime() + REFRESH_REUSE_GRACE_SECONDS * 1000);
  return prepared(Prisma.sql`
    WITH rotated AS (
      UPDATE login_tokens AS l
      SET token_hash = ${next.accessHash}, refresh_token_hash = ${next.refreshHash},
          refreshed_at = ${now}::timestamp(3), last_used_at = ${now}::timestamp(3),
          expires_at = LEAST(${accessUntil}::timestamp(3), l.created_at + make_interval(secs => ${SESSION_MAX_DAYS * 86_400}::float8))
      FROM customers AS c
      WHERE l.refresh_token_hash = ${presented} AND l.api_client_id = ${apiClientId} AND l.revoked_at IS NULL
        AND c.id = l.customer_id AND c.credentials_version = l.credentials_version
        AND l.created_at > ${startedAfter}::timestamp(3) AND COALESCE(l.refreshed_at, l.created_at) > ${activeAfter}::timestamp(3)
      RETURNING l.id, l.expires_at
    ), spent AS (
      INSERT INTO spent_refresh_tokens (token_hash, login_token_id, spent_at, successor, successor_expires_at)
      SELECT ${presented}, id, ${now}::timestamp(3), ${next.sealed}, ${graceUntil}::timestamp(3) FROM rotated
    ), cleared AS (
      UPDATE spent_refresh_tokens SET successor = NULL, successor_expires_at = NULL
      WHERE login_token_id IN (SELECT id FROM rotated) AND successor_expires_at <= ${now}::timestamp(3)
    )
    SELECT id, expires_at FROM rotated`);
}

/** The new pair for `refreshToken`, which is spent; undefined when it is not a live session's refresh token for this client. */
export async function rotateRefreshToken(
  refreshToken: string,
  apiClientId: number,
  now = new Date(),
): Promise<SessionTokens | undefined> {
  const access = newToken();
  const refresh = newToken();
  const sealed = sealWithAuthSecret(
    SUCCESSOR_PURPOSE,
    JSON.stringify({ token: access.token, refreshToken: refresh.token }),
  );
  const [row] = await db().$queryRaw<{ id: number; expires_at: Date }[]>(
    rotationStatement(
      refreshToken,
      apiClientId,
      { accessHash: access.tokenHash, refreshHash: refresh.tokenHash, sealed },
      now,
    ),
  );
  if (!row) return undefined;
  return { token: access.token, refreshToken: refresh.token, expiresIn: secondsUntil(row.expires_at, now) };
}
