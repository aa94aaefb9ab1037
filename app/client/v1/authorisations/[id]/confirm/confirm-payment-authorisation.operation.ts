/** POST /client/v1/authorisations/{id}/confirm: the customer's gesture (a passkey assertion or a TOTP code) and the signed approval. */
import { confirmPaymentAuthorisation } from "@/lib/domain/payment-authorisations/confirm-payment-authorisation";
import { authenticationCredentialSchema } from "@/lib/domain/passkeys/passkey-credential";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { linkOrigin } from "@/lib/http/origin";
import { authorisationIdParameter, approvedAuthorisationResponse } from "@/lib/http/payment-authorisation-schemas";
import { success } from "@/lib/http/respond";
import { requestBody } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const confirmPaymentAuthorisationRequest = requestBody("ConfirmPaymentAuthorisationRequest", {
  credential: authenticationCredentialSchema.optional(),
  code: fields.optionalText("Code", 64).meta({
    type: "string",
    maxLength: 64,
    description: "Instead of credential: the 6 digits the customer's authenticator app shows now (accepted once)",
  }),
});

export const confirmPaymentAuthorisationOperation = defineOperation({
  method: "POST",
  path: "/client/v1/authorisations/{id}/confirm",
  operationId: "confirmPaymentAuthorisation",
  tag: "payments",
  summary: "Approve a payment",
  description:
    "Takes the customer's gesture over the payment: `credential`, the passkey assertion over passkey_options " +
    "(AuthenticationResponseJSON), or `code`, a TOTP code. Right: the authorisation is approved, once, and the answer " +
    "carries the approval for the payment backend. Wrong: 400 sca/failed, the same whatever was wrong; five in a row " +
    "(across the customer's authorisations) lock approvals for SCA_LOCK_MINUTES and e-mail the customer.",
  security: "client+bearer",
  pathParameters: [authorisationIdParameter],
  body: confirmPaymentAuthorisationRequest,
  crossChecks: (raw) =>
    (raw.credential === undefined) === (raw.code === undefined || raw.code === "")
      ? [{ param: "body", code: "invalid", message: "Send either credential (a passkey assertion) or code (TOTP)" }]
      : [],
  ok: { status: 200, response: jsonBody("Approved", approvedAuthorisationResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "sca/failed (a wrong assertion or code, whatever was wrong), authorisation/expired, body/invalid (neither or " +
        "both of credential and code), credential.…/invalid (malformed), code/too_long.",
    },
    401: invalidLoginToken,
    404: {
      name: "NotFound",
      description: "Not one of this customer's authorisations (malformed, unknown or another's).",
    },
    409: {
      name: "Conflict",
      description:
        "authorisation/not_pending: already approved, or failed by the lock (one past its time answers 400 authorisation/expired).",
    },
    413: "PayloadTooLarge",
    429: {
      name: "TooManyRequests",
      description: "Five approvals in a row failed: payment authorisation is locked for Retry-After seconds.",
    },
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, params, client, device }) =>
    success(
      await confirmPaymentAuthorisation({
        login,
        authorisationId: params.id,
        input,
        client,
        device,
        issuer: linkOrigin(),
      }),
    ),
});
