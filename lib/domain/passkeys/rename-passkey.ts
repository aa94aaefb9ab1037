/** A customer renaming one of their passkeys (POST /client/v1/me/passkeys/{id} `{name}`); 404 for an id not theirs. */
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { parsePasskeyId } from "./passkey-id";
import { type PasskeyRecord, toPasskeyRecord } from "./passkey-record";
import { relyingPartyId } from "./relying-party";

export type RenamePasskeyOptions = { login: CustomerLogin; passkeyId: string; input: { name: string } };

export const noSuchPasskey = () => notFound("No such passkey on this account");

export async function renamePasskey({ login, passkeyId, input }: RenamePasskeyOptions): Promise<PasskeyRecord> {
  relyingPartyId();
  const id = parsePasskeyId(passkeyId);
  const where = { id, customerId: login.customerId };
  const { count } =
    id === undefined ? { count: 0 } : await db().passkey.updateMany({ where, data: { name: input.name } });
  const renamed = count === 1 && (await db().passkey.findFirst({ where }));
  if (!renamed) throw noSuchPasskey();
  return toPasskeyRecord(renamed);
}
