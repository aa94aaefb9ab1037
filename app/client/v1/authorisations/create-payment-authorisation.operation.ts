/** POST /client/v1/authorisations: a payment for the customer to approve, with what the app must show. */
import {
  MAX_PAYEE_NAME_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_SENT_AMOUNT_LENGTH,
  MAX_SENT_IBAN_LENGTH,
  paymentProblems,
} from "@/lib/domain/payment-authorisations/payment-details";
import { createPaymentAuthorisation } from "@/lib/domain/payment-authorisations/create-payment-authorisation";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { createdAuthorisationResponse } from "@/lib/http/payment-authorisation-schemas";
import { success } from "@/lib/http/respond";
import { requestBody } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";
import { z } from "zod";

export const createPaymentAuthorisationRequest = requestBody("CreatePaymentAuthorisationRequest", {
  amount: fields.text("Amount", MAX_SENT_AMOUNT_LENGTH).meta({
    type: "string",
    maxLength: MAX_SENT_AMOUNT_LENGTH,
    description:
      'A decimal string above zero ("12.50"), with at most the currency\'s minor units (EUR 2, JPY 0, KWD 3) and 15 ' +
      'digits; no exponent, sign or leading zero. Answered with exactly the minor units ("12.5" is "12.50").',
  }),
  currency: fields.text("Currency", 3).meta({ type: "string", maxLength: 3, description: "ISO 4217, upper case: EUR" }),
  payee: z.object(
    {
      name: fields.text("Payee name", MAX_PAYEE_NAME_LENGTH).meta({
        type: "string",
        maxLength: MAX_PAYEE_NAME_LENGTH,
        description: "Who is paid: 1 to 140 characters, no control characters",
      }),
      iban: fields.text("IBAN", MAX_SENT_IBAN_LENGTH).meta({
        type: "string",
        maxLength: MAX_SENT_IBAN_LENGTH,
        description:
          "The payee's IBAN, spaces and lower case allowed: checked (country length, mod-97) and kept normalised",
      }),
    },
    { error: "Payee must be an object with name and iban" },
  ),
  reference: fields.optionalText("Reference", MAX_REFERENCE_LENGTH).meta({
    type: "string",
    maxLength: MAX_REFERENCE_LENGTH,
    description: "What the payee sees (remittance information): at most 140 characters, no control characters",
  }),
});

export const createPaymentAuthorisationOperation = defineOperation({
  method: "POST",
  path: "/client/v1/authorisations",
  operationId: "createPaymentAuthorisation",
  tag: "payments",
  summary: "A payment to approve",
  description:
    "Stores a payment the customer is to approve (strong customer authentication with dynamic linking) for " +
    "SCA_AUTHORISATION_TTL_SECONDS (5 minutes by default) and answers what the app must show first (display_text), " +
    "the methods the customer can use and, with a passkey, request options whose challenge is derived from this very " +
    "payment: an assertion over it confirms this payment and no other. Send the gesture to …/{id}/confirm.",
  security: "client+bearer",
  body: createPaymentAuthorisationRequest,
  crossChecks: paymentProblems,
  ok: { status: 201, response: jsonBody("Created, pending", createdAuthorisationResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "amount/invalid, currency/invalid, payee.iban/invalid, payee.name/required, payee.name/too_long, " +
        "payee.name/invalid_characters, reference/too_long, reference/invalid_characters, …",
    },
    401: invalidLoginToken,
    409: {
      name: "Conflict",
      description: "sca/not_enrolled: the customer has neither a passkey nor two-factor (TOTP) to approve with.",
    },
    413: "PayloadTooLarge",
    429: {
      name: "TooManyRequests",
      description: "Five approvals in a row failed: payment authorisation is locked for Retry-After seconds.",
    },
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, client }) =>
    success({ authorisation: await createPaymentAuthorisation({ login, input, client }) }, 201),
});
