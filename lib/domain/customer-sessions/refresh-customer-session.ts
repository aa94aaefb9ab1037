/** A refresh (POST /client/v1/token/refresh): a session's refresh token exchanged for a new pair, and reuse detected. */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { unauthenticated } from "@/lib/platform/errors/domain-error";
import type { Device } from "@/lib/domain/tokens/device";
import type { SessionTokens } from "@/lib/domain/tokens/issue-session-tokens";
import { isRefreshable } from "@/lib/domain/tokens/live-login-token";
import { rotateRefreshToken } from "@/lib/domain/tokens/rotate-refresh-token";
import { endSession, findSpentRefreshToken, pairWithinGrace } from "@/lib/domain/tokens/spent-refresh-token";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export type RefreshCustomerSessionOptions = {
  input: { refresh_token: string };
  client: AuthenticatedClient;
  device: Device;
};

const INVALID = "Invalid, expired or revoked refresh token";

/**
 * Spends the refresh token and returns the session's new pair. A refresh token that was spent
 * already, presented through the client it was issued to while its session lives: within the grace
 * (REFRESH_REUSE_GRACE_SECONDS) the same pair again, for a retry that lost its answer; after it,
 * reuse, the sign of a stolen token: the whole session ends (its access and refresh tokens) with
 * an account event `refresh_token_reused`, and the answer is the same 401 as for any dead token.
 */
export async function refreshCustomerSession({
  input,
  client,
  device,
}: RefreshCustomerSessionOptions): Promise<SessionTokens> {
  const now = new Date();
  const rotated = await rotateRefreshToken(input.refresh_token, client.id, now);
  if (rotated) return rotated;

  const spent = await findSpentRefreshToken(input.refresh_token);
  const session = spent?.loginToken;
  const live =
    session &&
    session.apiClientId === client.id &&
    !session.revokedAt &&
    session.credentialsVersion === session.customer.credentialsVersion &&
    isRefreshable(session, now);
  if (!spent || !live) throw unauthenticated(INVALID);

  const retried = pairWithinGrace(spent, now);
  if (retried) return retried;
  // A retry of a pair since refreshed again, within its grace, is not reuse: only refused.
  if (spent.successorExpiresAt && spent.successorExpiresAt > now) throw unauthenticated(INVALID);

  await db().$transaction(async (tx) => {
    if (!(await endSession(tx, session.id, now))) return;
    await recordEvent(
      tx,
      {
        type: "refresh_token_reused",
        outcome: "failure",
        email: session.customer.email,
        customerId: session.customerId,
        apiClientId: client.id,
        device,
      },
      now,
    );
  });
  throw unauthenticated(INVALID);
}
