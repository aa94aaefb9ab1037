/** POST /client/v1/me/mfa/totp/confirm: a code of the new secret turns two-factor on; the recovery codes, shown once. */
import { confirmCustomerTotp } from "@/lib/domain/customer-credentials/confirm-customer-totp";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { recoveryCodesResponse, requestBody, secondFactorCode } from "@/lib/http/schemas";

export const confirmTotpRequest = requestBody("ConfirmTotpRequest", {
  code: secondFactorCode("The 6 digits the authenticator app shows now for the secret of POST /client/v1/me/mfa/totp."),
});

export const confirmTotpOperation = defineOperation({
  method: "POST",
  path: "/client/v1/me/mfa/totp/confirm",
  operationId: "confirmTotp",
  tag: "accounts",
  summary: "Turn two-factor on",
  description:
    "Confirms the secret of POST /client/v1/me/mfa/totp with a code of it: two-factor is on from now (login answers " +
    "403 mfa_required after the right password), and ten recovery codes are returned, this once. The customer is e-mailed a notice, " +
    "and every other session of the customer ends (the calling one stays). Each code counts against the account's limit of " +
    "confirmations before it is checked (a right one gives its place back): past it, 429 with Retry-After.",
  security: "client+bearer",
  body: confirmTotpRequest,
  ok: { status: 200, response: jsonBody("Two-factor on", recoveryCodesResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "code/required, code/invalid (not a current code of the secret), code/too_long, code/invalid_characters, " +
        "or no set-up started, or two-factor already on.",
    },
    401: invalidLoginToken,
    413: "PayloadTooLarge",
    429: "TooManyRequests",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, client, device }) =>
    success(await confirmCustomerTotp({ login, input, client, device })),
});
