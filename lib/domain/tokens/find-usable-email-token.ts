/** The e-mail token behind a link, while it can still be used. */
import { db } from "@/lib/platform/db";
import { sha256 } from "@/lib/platform/secrets";
import type { TokenPurpose } from "@/lib/generated/prisma/enums";
import { tokenCanActOn } from "./end-email-tokens";

/**
 * A usable (known, unexpired, unused, unrevoked, not ended by a security event, of an open and
 * unblocked account) e-mail token for one of these purposes, if any, with its customer's address.
 * A first look, to spare work on a dead link: consumeEmailToken decides.
 */
export async function findUsableEmailToken(
  token: string,
  purpose: TokenPurpose | readonly TokenPurpose[],
  now = new Date(),
) {
  const purposes: readonly TokenPurpose[] = typeof purpose === "string" ? [purpose] : purpose;
  const found = await db().emailToken.findUnique({
    where: { tokenHash: sha256(token) },
    include: { customer: { select: { email: true, securityVersion: true, blockedAt: true, closedAt: true } } },
  });
  if (!found || !purposes.includes(found.purpose) || found.usedAt || found.revokedAt || found.expiresAt <= now)
    return undefined;
  return tokenCanActOn(found, found.customer) ? found : undefined;
}
