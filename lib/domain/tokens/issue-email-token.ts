/**
 * Issuing a single-use e-mail token (verify_email and change_email for 24 h, reset_password for 1 h): as a step of a
 * larger statement, or within a transaction.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { rowIdValue, type RowId } from "@/lib/platform/db/one-statement";
import type { TokenPurpose } from "@/lib/generated/prisma/enums";

export const EMAIL_TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
};

/**
 * `securityVersion`: the customer's, as read before deciding to issue the token (end-email-tokens.ts:
 * a security event since then ends it at once). `newEmail`: a change_email token's address to change to.
 */
type EmailTokenInput<Id extends RowId> = {
  customerId: Id;
  purpose: TokenPurpose;
  tokenHash: string;
  securityVersion: number;
  newEmail?: string;
};

/** The row of a single-use e-mail token issued at `now` (the raw token goes in the link, only its hash here). */
function emailTokenRow<Id extends RowId>(input: EmailTokenInput<Id>, now: Date) {
  const expiresAt = new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[input.purpose]);
  return {
    tokenHash: input.tokenHash,
    customerId: input.customerId,
    purpose: input.purpose,
    newEmail: input.newEmail ?? null,
    securityVersion: input.securityVersion,
    createdAt: now,
    expiresAt,
  };
}

/** The INSERT of an e-mail token, as a step of a larger statement (the customer may be made in an earlier step); not a change_email one. */
export function emailTokenInsert(input: EmailTokenInput<RowId>, now = new Date()): Prisma.Sql {
  const row = emailTokenRow(input, now);
  return Prisma.sql`
    INSERT INTO email_tokens (token_hash, customer_id, purpose, security_version, created_at, expires_at)
    VALUES (${row.tokenHash}, ${rowIdValue(row.customerId)}, ${row.purpose}::"TokenPurpose", ${row.securityVersion}, ${row.createdAt}, ${row.expiresAt})`;
}

/** Stores an e-mail token within the transaction `tx`. */
export async function createEmailToken(
  tx: Prisma.TransactionClient,
  input: EmailTokenInput<number>,
  now = new Date(),
): Promise<void> {
  await tx.emailToken.create({ data: emailTokenRow(input, now), select: { id: true } });
}
