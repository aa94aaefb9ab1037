import type { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { randomToken, sha256 } from "@/lib/secrets";
import type { Device } from "@/lib/customers/device";

/**
 * Tokens we hand to customers. Only their SHA-256 is stored: the database alone cannot be used
 * to log in or to reset a password.
 */
export type EmailTokenPurpose = "verify_email" | "reset_password";

export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

const LAST_USED_RESOLUTION_MS = 60_000;

export function newToken(): { token: string; tokenHash: string } {
  const token = randomToken(32);
  return { token, tokenHash: sha256(token) };
}

/** Issues a login token for the customer, bound to the API client and device it was issued to. */
export async function issueLoginToken(
  tx: Prisma.TransactionClient,
  input: { customerId: number; apiClientId: number; device: Device },
  now = new Date(),
): Promise<string> {
  const { token, tokenHash } = newToken();
  await tx.loginToken.create({
    data: {
      tokenHash,
      customerId: input.customerId,
      apiClientId: input.apiClientId,
      ip: input.device.ip,
      userAgent: input.device.userAgent,
      fingerprint: input.device.fingerprint,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + config().LOGIN_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000),
    },
  });
  return token;
}

/** The live login token behind a bearer string, if any (and only for the client it was issued to). */
export async function findLiveLoginToken(token: string, apiClientId: number, now = new Date()) {
  const found = await db().loginToken.findUnique({ where: { tokenHash: sha256(token) }, include: { customer: true } });
  if (!found || found.revokedAt || found.expiresAt <= now || found.apiClientId !== apiClientId) return undefined;
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

/** Creates a single-use e-mail token; returns the raw token to put in the link. */
export async function createEmailToken(
  tx: Prisma.TransactionClient,
  input: { customerId: number; purpose: EmailTokenPurpose; tokenHash: string },
  now = new Date(),
): Promise<void> {
  await tx.emailToken.create({
    data: {
      tokenHash: input.tokenHash,
      customerId: input.customerId,
      purpose: input.purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[input.purpose]),
    },
  });
}

/** A usable (known, unexpired, unused, unrevoked) e-mail token for this purpose, if any. */
export async function findUsableEmailToken(token: string, purpose: EmailTokenPurpose, now = new Date()) {
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
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<void> {
  await tx.emailToken.updateMany({
    where: { customerId, purpose, usedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
}

/** The link the customer clicks: the app's URL with the token in place of ":token". */
export function linkWithToken(urlTemplate: string, token: string): string {
  return urlTemplate.replaceAll(":token", encodeURIComponent(token));
}
