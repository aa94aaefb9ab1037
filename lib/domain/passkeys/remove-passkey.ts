/**
 * A customer removing one of their passkeys (POST /client/v1/me/passkeys/{id}/remove), with the
 * password (and a code with two-factor on: the step-up rule): deleted with its event, webhook event
 * (customer.passkey.removed) and notice. 404 for an id that is not one of theirs.
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { db } from "@/lib/platform/db";
import { emailQueued } from "@/lib/domain/email/queue-email";
import type { Device } from "@/lib/domain/tokens/device";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { stepUpCustomer } from "@/lib/domain/customer-credentials/step-up-customer";
import { parsePasskeyId } from "./passkey-id";
import { passkeyNotice, recordPasskeyChange } from "./passkey-record";
import { relyingPartyId } from "./relying-party";
import { noSuchPasskey } from "./rename-passkey";

export type RemovePasskeyOptions = {
  login: CustomerLogin;
  passkeyId: string;
  input: { password: string; code?: string };
  client: AuthenticatedClient;
  device: Device;
};

export async function removePasskey({ login, passkeyId, input, client, device }: RemovePasskeyOptions): Promise<void> {
  relyingPartyId();
  const { customer } = login;
  const id = parsePasskeyId(passkeyId);
  const passkey = id !== undefined && (await db().passkey.findFirst({ where: { id, customerId: customer.id } }));
  if (!passkey) throw noSuchPasskey();
  await stepUpCustomer({ customer, input, apiClientId: client.id, device, type: "passkey_removed" });

  const now = new Date();
  const notice = await passkeyNotice("passkey_removed", customer, passkey.name, now);
  const removed = await db().$transaction(async (tx) => {
    const { count } = await tx.passkey.deleteMany({ where: { id: passkey.id, customerId: customer.id } });
    if (count !== 1) return false;
    const change = { type: "passkey_removed" as const, customer, passkeyId: passkey.id, notice };
    await recordPasskeyChange(tx, { ...change, apiClientId: client.id, device }, now);
    return true;
  });
  if (!removed) throw noSuchPasskey();
  emailQueued(notice);
}
