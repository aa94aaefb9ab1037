/**
 * The /client/v1/authorisations operations' shared shapes: a payment authorisation as the apps see
 * it (lib/domain/payment-authorisations/authorisation-record.ts), its `{id}`, and the approval.
 */
import { z } from "zod";
import { PaymentAuthorisationStatus, ScaMethod } from "@/lib/generated/prisma/enums";
import { successEnvelope } from "./schemas";

export const authorisationSchema = z
  .object({
    id: z.uuid().describe("Identifies it in GET /client/v1/authorisations/{id} and …/confirm; the approval's jti"),
    status: z
      .enum(PaymentAuthorisationStatus)
      .describe("pending: waiting for the gesture; approved; expired: past expires_at; failed: ended by the lock"),
    amount: z.string().describe('A decimal string with exactly the currency\'s minor units: "12.50", "1200" in JPY'),
    currency: z.string().describe("ISO 4217"),
    payee: z.object({
      name: z.string(),
      iban_masked: z.string().describe('The IBAN\'s last four characters: "****3000"'),
    }),
    reference: z.string().nullable(),
    display_text: z
      .string()
      .describe(
        "Show it before asking for the gesture, as it is: the amount formatted for its currency, the payee and the " +
          "IBAN's end, in the customer's language",
      ),
    method: z.enum(ScaMethod).nullable().describe("How it was approved; null until then"),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime().describe("After this the authorisation can no longer be confirmed"),
  })
  .meta({ id: "PaymentAuthorisation" });

export const createdAuthorisationResponse = successEnvelope(201, {
  authorisation: authorisationSchema.extend({
    methods: z
      .array(z.enum(ScaMethod))
      .min(1)
      .describe("What this customer can approve with: passkey (dynamically linked), totp (a fallback that is not)"),
    passkey_options: z
      .looseObject({ challenge: z.string(), rpId: z.string() })
      .nullable()
      .describe(
        "PublicKeyCredentialRequestOptionsJSON over the customer's passkeys, its challenge derived from this payment: give it " +
          "to navigator.credentials.get, ASAuthorizationPlatformPublicKeyCredentialProvider or Credential Manager as it is. " +
          "Null when the customer has no passkey.",
      ),
  }),
});

export const authorisationResponse = successEnvelope(200, { authorisation: authorisationSchema });

export const approvedAuthorisationResponse = successEnvelope(200, {
  authorisation: authorisationSchema,
  approval: z
    .string()
    .describe(
      "A compact JWS (ES256, kid in its header, typ sca-approval+jwt) for the payment backend, which verifies it against " +
        '/.well-known/jwks.json and records its jti (docs/api.md, "Payment authorisations")',
    ),
});

/** The `{id}` of an authorisation's path. */
export const authorisationIdParameter = {
  name: "id",
  description: "The authorisation's id, from POST /client/v1/authorisations.",
  schema: { type: "string" as const, format: "uuid" },
};
