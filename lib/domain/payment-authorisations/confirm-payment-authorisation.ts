/**
 * The customer's gesture over a payment authorisation (POST /client/v1/authorisations/{id}/confirm):
 * a passkey assertion over the challenge derived from this very payment (transaction-challenge.ts),
 * checked by @simplewebauthn/server against the client's allowed origins, the relying party and user
 * verification; or a TOTP code, accepted once (a fallback that is not dynamically linked: the
 * approval says so). A passkey whose counter went back is refused as a cloned key is at login (recorded,
 * the customer e-mailed). Right: the authorisation is approved (once, even for two answers at once) and
 * the answer carries the signed approval. Wrong: 400 `sca/failed`, the same whatever was wrong,
 * counted towards the lock (sca-lock.ts). 404 for an id not the customer's; 409 for one no longer
 * pending; 400 `authorisation/expired` past its time; 429 while locked.
 */
import type { PaymentAuthorisation } from "@/lib/generated/prisma/client";
import type { ScaMethod } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";
import { conflict, fieldError, notFound } from "@/lib/platform/errors/domain-error";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import type { Device } from "@/lib/domain/tokens/device";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { acceptCustomerTotp } from "@/lib/domain/customer-credentials/customer-two-factor";
import type { AuthenticationCredential } from "@/lib/domain/passkeys/passkey-credential";
import { verifyPasskeyAssertion } from "@/lib/domain/passkeys/passkey-verification";
import { relyingPartyId } from "@/lib/domain/passkeys/relying-party";
import { reportClonedPasskey } from "@/lib/domain/passkeys/report-cloned-passkey";
import { type AuthorisationRecord, statusOf, toAuthorisationRecord } from "./authorisation-record";
import { claimScaAttempt, recordScaFailure, refuseWhileLocked, resetScaFailures } from "./sca-lock";
import { signApproval } from "./sign-approval";
import { transactionChallenge } from "./transaction-challenge";

export type ConfirmPaymentAuthorisationOptions = {
  login: CustomerLogin;
  authorisationId: string;
  input: { credential?: AuthenticationCredential; code?: string };
  client: AuthenticatedClient;
  device: Device;
  /** The approval's `iss`: the service's public origin. */
  issuer: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const noSuchAuthorisation = () => notFound("No such payment authorisation for this customer");

/** The customer's authorisation `id`, or 404 (a malformed id, an unknown one or another customer's alike). */
export async function customerAuthorisation(customerId: number, id: string): Promise<PaymentAuthorisation> {
  const row = UUID.test(id) ? await db().paymentAuthorisation.findUnique({ where: { id } }) : null;
  if (!row || row.customerId !== customerId) throw noSuchAuthorisation();
  return row;
}

const failed = () =>
  fieldError(
    "sca",
    "failed",
    "This approval failed: ask the customer to try again (five failures in a row lock approvals)",
  );

/** Whether the assertion is a right one of the customer's passkeys over this payment's challenge. */
async function passkeyVerifies(
  row: PaymentAuthorisation,
  login: CustomerLogin,
  credential: AuthenticationCredential,
  { client, device }: { client: AuthenticatedClient; device: Device },
): Promise<boolean> {
  let rpID: string;
  try {
    rpID = relyingPartyId();
  } catch {
    return false;
  }
  const passkey = await db().passkey.findUnique({ where: { credentialId: credential.id } });
  if (!passkey || passkey.customerId !== row.customerId) return false;
  const checked = await verifyPasskeyAssertion(credential, passkey, {
    challenge: transactionChallenge(row).base64url,
    origins: client.allowedOrigins,
    rpID,
  });
  if (!checked) return false;
  if (checked.cloned) {
    await reportClonedPasskey(login.customer, passkey.name, client.id, device);
    return false;
  }
  const { count } = await db().passkey.updateMany({
    where: { id: passkey.id, signCount: passkey.signCount },
    data: { signCount: checked.counter, lastUsedAt: new Date() },
  });
  return count === 1;
}

export async function confirmPaymentAuthorisation({
  login,
  authorisationId,
  input,
  client,
  device,
  issuer,
}: ConfirmPaymentAuthorisationOptions): Promise<{ authorisation: AuthorisationRecord; approval: string }> {
  const { customer } = login;
  const row = await customerAuthorisation(customer.id, authorisationId);
  await refuseWhileLocked(customer.id);
  const status = statusOf(row);
  if (status === "expired") {
    await db().paymentAuthorisation.updateMany({
      where: { id: row.id, status: "pending" },
      data: { status: "expired" },
    });
    throw fieldError("authorisation", "expired", "This payment authorisation has expired: create a new one");
  }
  if (status !== "pending") {
    throw conflict("authorisation", "not_pending", `This payment authorisation is already ${status}`);
  }

  const attempt = await claimScaAttempt(customer.id);
  const method: ScaMethod = input.credential ? "passkey" : "totp";
  const right = input.credential
    ? await passkeyVerifies(row, login, input.credential, { client, device })
    : (await acceptCustomerTotp(
        await db().customer.findUniqueOrThrow({ where: { id: customer.id } }),
        input.code ?? "",
      )) === true;
  if (!right) {
    await recordScaFailure({ customer, authorisationId: row.id, attempt, apiClientId: client.id, device });
    throw failed();
  }
  await resetScaFailures(customer.id);

  const now = new Date();
  const { approval, kid, expiresAt } = await signApproval({ row, method, issuer, audience: client.clientId, now });
  const approved = await db().$transaction(async (tx) => {
    const { count } = await tx.paymentAuthorisation.updateMany({
      where: { id: row.id, status: "pending", expiresAt: { gt: now } },
      data: { status: "approved", method, decidedAt: now, signingKeyId: kid, approvalExpiresAt: expiresAt },
    });
    if (count !== 1) return false;
    const event = { email: customer.email, customerId: customer.id, apiClientId: client.id, device };
    await recordEvent(tx, { ...event, type: "payment_authorised", outcome: "success" }, now);
    return true;
  });
  // Another answer approved it meanwhile (or the lock failed it, or its time ran out): this one's approval is dropped.
  if (!approved) throw conflict("authorisation", "not_pending", "This payment authorisation is no longer pending");
  const current = await db().paymentAuthorisation.findUniqueOrThrow({ where: { id: row.id } });
  return { authorisation: toAuthorisationRecord(current, await effectiveLocale(customer.locale)), approval };
}
