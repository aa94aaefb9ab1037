/** A customer's passkeys (GET /client/v1/me/passkeys, and the back office's panel), oldest first. */
import { db } from "@/lib/platform/db";
import { type PasskeyRecord, toPasskeyRecord } from "./passkey-record";
import { relyingPartyId } from "./relying-party";

export async function listPasskeys(customerId: number): Promise<PasskeyRecord[]> {
  relyingPartyId();
  const passkeys = await db().passkey.findMany({ where: { customerId }, orderBy: { id: "asc" } });
  return passkeys.map(toPasskeyRecord);
}
