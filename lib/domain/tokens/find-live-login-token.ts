/** The login token behind a bearer string, while it still works. */
import { db } from "@/lib/platform/db";
import { sha256 } from "@/lib/platform/secrets";
import { isLiveLoginToken } from "./live-login-token";

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The live login token behind a bearer string, if any: only for the client it was issued to, and
 * only while the customer's password is the one it was obtained with. (A login that checked the old
 * password while a reset ran may store its token after the reset revoked the others: its old
 * credentials version still gives it away.)
 */
export async function findLiveLoginToken(token: string, apiClientId: number, now = new Date()) {
  const found = await db().loginToken.findUnique({ where: { tokenHash: sha256(token) }, include: { customer: true } });
  if (!found || found.apiClientId !== apiClientId) return undefined;
  if (!isLiveLoginToken(found, found.customer.credentialsVersion, now)) return undefined;
  if (now.getTime() - found.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db().loginToken.update({ where: { id: found.id }, data: { lastUsedAt: now } });
  }
  return found;
}
