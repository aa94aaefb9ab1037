import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import type { RowId } from "@/lib/db/one-statement";
import { randomToken, sha256 } from "@/lib/secrets";
import type { TokenPurpose } from "@/lib/generated/prisma/enums";
import type { Device } from "@/lib/tokens/device";

/**
 * Tokens we hand to customers. Only their SHA-256 is stored: the database alone cannot be used
 * to log in or to reset a password.
 */
export const EMAIL_TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

const LAST_USED_RESOLUTION_MS = 60_000;

export function newToken(): { token: string; tokenHash: string } {
  const token = randomToken(32);
  return { token, tokenHash: sha256(token) };
}

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
    VALUES (${tokenHash}, ${input.customerId}, ${input.apiClientId}, ${input.credentialsVersion}, ${input.device.ip},
            ${input.device.userAgent}, ${input.device.fingerprint}, ${now}, ${now}, ${expiresAt})`;
  return { token, insert };
}

/**
 * The live login token behind a bearer string, if any: only for the client it was issued to, and
 * only while the customer's password is the one it was obtained with. (A login that checked the old
 * password while a reset ran may store its token after the reset revoked the others: its old
 * credentials version still gives it away.)
 */
export async function findLiveLoginToken(token: string, apiClientId: number, now = new Date()) {
  const found = await db().loginToken.findUnique({ where: { tokenHash: sha256(token) }, include: { customer: true } });
  if (!found || found.revokedAt || found.expiresAt <= now || found.apiClientId !== apiClientId) return undefined;
  if (found.credentialsVersion !== found.customer.credentialsVersion) return undefined;
  if (now.getTime() - found.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db().loginToken.update({ where: { id: found.id }, data: { lastUsedAt: now } });
  }
  return found;
}

export async function revokeLoginToken(id: number, now = new Date()): Promise<void> {
  await db().loginToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
}

export async function revokeAllLoginTokens(tx: Prisma.TransactionClient, customerId: number, now = new Date()) {
  await tx.loginToken.updateMany({ where: { customerId, revokedAt: null }, data: { revokedAt: now } });
}

type EmailTokenInput<Id extends RowId> = { customerId: Id; purpose: TokenPurpose; tokenHash: string };

/** The row of a single-use e-mail token issued at `now` (the raw token goes in the link, only its hash here). */
function emailTokenRow<Id extends RowId>(input: EmailTokenInput<Id>, now: Date) {
  const expiresAt = new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[input.purpose]);
  return { tokenHash: input.tokenHash, customerId: input.customerId, purpose: input.purpose, createdAt: now, expiresAt };
}

/** The INSERT of an e-mail token, as a step of a larger statement (the customer may be made in an earlier step). */
export function emailTokenInsert(input: EmailTokenInput<RowId>, now = new Date()): Prisma.Sql {
  const row = emailTokenRow(input, now);
  return Prisma.sql`
    INSERT INTO email_tokens (token_hash, customer_id, purpose, created_at, expires_at)
    VALUES (${row.tokenHash}, ${row.customerId}, ${row.purpose}::"TokenPurpose", ${row.createdAt}, ${row.expiresAt})`;
}

/** Stores an e-mail token within the transaction `tx`. */
export async function createEmailToken(tx: Prisma.TransactionClient, input: EmailTokenInput<number>, now = new Date()): Promise<void> {
  await tx.emailToken.create({ data: emailTokenRow(input, now), select: { id: true } });
}

/** A usable (known, unexpired, unused, unrevoked) e-mail token for this purpose, if any. */
export async function findUsableEmailToken(token: string, purpose: TokenPurpose, now = new Date()) {
  const found = await db().emailToken.findUnique({ where: { tokenHash: sha256(token) } });
  if (!found || found.purpose !== purpose || found.usedAt || found.revokedAt || found.expiresAt <= now) return undefined;
  return found;
}

/**
 * Marks the token used, atomically: of two requests racing with the same token, exactly one gets
 * true. Call inside the transaction that does what the token allows.
 */
export async function consumeEmailToken(tx: Prisma.TransactionClient, id: number, now = new Date()): Promise<boolean> {
  const { count } = await tx.emailToken.updateMany({
    where: { id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1;
}

export async function revokeEmailTokens(
  tx: Prisma.TransactionClient,
  customerId: number,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<void> {
  await tx.emailToken.updateMany({
    where: { customerId, purpose, usedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
}
