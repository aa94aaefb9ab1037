/**
 * A payment the customer is asked to approve (POST /client/v1/authorisations): checked and
 * normalised (payment-details.ts), stored pending for SCA_AUTHORISATION_TTL_SECONDS with a random
 * nonce, and answered with what the app must show (display_text), the methods this customer can
 * approve with, and, for passkeys, request options whose challenge is derived from the transaction
 * (transaction-challenge.ts) over the customer's passkeys. 409 sca/not_enrolled with neither a
 * passkey nor TOTP; 429 while the customer's payment authorisation is locked.
 */
import { randomUUID } from "node:crypto";
import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { ScaMethod } from "@/lib/generated/prisma/enums";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { conflict } from "@/lib/platform/errors/domain-error";
import { randomToken } from "@/lib/platform/secrets";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { effectiveLocale } from "@/lib/domain/customer-accounts/customer-locale";
import { type AuthorisationRecord, toAuthorisationRecord } from "./authorisation-record";
import { checkPayment, type PaymentInput } from "./payment-details";
import { refuseWhileLocked } from "./sca-lock";
import { transactionChallenge } from "./transaction-challenge";

export type CreatePaymentAuthorisationOptions = {
  login: CustomerLogin;
  input: PaymentInput;
  client: AuthenticatedClient;
};

export type CreatedAuthorisation = AuthorisationRecord & {
  methods: ScaMethod[];
  passkey_options: PublicKeyCredentialRequestOptionsJSON | null;
};

/** The customer's passkeys (while passkeys are on), as the options' allowCredentials. */
async function customerPasskeys(customerId: number) {
  if (!config().WEBAUTHN_RP_ID) return [];
  return db().passkey.findMany({
    where: { customerId },
    orderBy: { id: "asc" },
    select: { credentialId: true, transports: true },
  });
}

export async function createPaymentAuthorisation({
  login,
  input,
  client,
}: CreatePaymentAuthorisationOptions): Promise<CreatedAuthorisation> {
  const { customer } = login;
  const details = checkPayment(input);
  await refuseWhileLocked(customer.id);
  const passkeys = await customerPasskeys(customer.id);
  const methods: ScaMethod[] = [
    ...(passkeys.length > 0 ? (["passkey"] as const) : []),
    ...(customer.totpEnabledAt ? (["totp"] as const) : []),
  ];
  if (methods.length === 0) {
    throw conflict(
      "sca",
      "not_enrolled",
      "This customer has no passkey and no two-factor app to approve payments with: add one first",
    );
  }
  const now = new Date();
  const row = await db().paymentAuthorisation.create({
    data: {
      id: randomUUID(),
      customerId: customer.id,
      apiClientId: client.id,
      ...details,
      nonce: randomToken(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + config().SCA_AUTHORISATION_TTL_SECONDS * 1000),
    },
  });
  const passkeyOptions =
    passkeys.length === 0
      ? null
      : await generateAuthenticationOptions({
          rpID: config().WEBAUTHN_RP_ID as string,
          challenge: transactionChallenge(row).bytes,
          allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
          userVerification: "required",
          timeout: config().SCA_AUTHORISATION_TTL_SECONDS * 1000,
        });
  return {
    ...toAuthorisationRecord(row, await effectiveLocale(customer.locale)),
    methods,
    passkey_options: passkeyOptions,
  };
}
