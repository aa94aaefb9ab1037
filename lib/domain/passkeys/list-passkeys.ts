/** A customer's passkeys, oldest first: for the customer (GET /client/v1/me/passkeys, while passkeys are on) and for compliance (the back office's panel). */
import { db } from "@/lib/platform/db";
import { type PasskeyRecord, toPasskeyRecord } from "./passkey-record";
import { relyingPartyId } from "./relying-party";

export async function listPasskeys(customerId: number): Promise<PasskeyRecord[]> {
  const passkeys = await db().passkey.findMany({ where: { customerId }, orderBy: { id: "asc" } });
  return passkeys.map(toPasskeyRecord);
}

/** The customer's own list: `not_found` while passkeys are off. */
export async function listOwnPasskeys(customerId: number): Promise<PasskeyRecord[]> {
  relyingPartyId();
  return listPasskeys(customerId);
}
