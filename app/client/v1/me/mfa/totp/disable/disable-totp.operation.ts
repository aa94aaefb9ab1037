/** POST /client/v1/me/mfa/totp/disable: two-factor off, with the password and a current code. */
import { disableCustomerTotp } from "@/lib/domain/customer-credentials/disable-customer-totp";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { plainSuccessResponse, requestBody, stepUpCode } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const disableTotpRequest = requestBody("DisableTotpRequest", {
  password: fields.secret("The customer's password"),
  code: stepUpCode(),
});

export const disableTotpOperation = defineOperation({
  method: "POST",
  path: "/client/v1/me/mfa/totp/disable",
  operationId: "disableTotp",
  tag: "accounts",
  summary: "Turn two-factor off",
  description:
    "With the password and a current code (or a recovery code), turns two-factor off: the secret and the recovery " +
    "codes are deleted, and login asks for the password alone. The customer is e-mailed a notice. Wrong passwords and " +
    "wrong codes count against the account's login limits, as failed logins do.",
  security: "client+bearer",
  body: disableTotpRequest,
  ok: { status: 200, response: jsonBody("Two-factor off", plainSuccessResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "password/required, password/invalid, code/required, code/invalid, code/already_used, code/too_long, code/invalid_characters, " +
        "or two-factor is off.",
    },
    401: invalidLoginToken,
    413: "PayloadTooLarge",
    429: { name: "TooManyRequests", description: "Too many wrong passwords or codes: wait Retry-After seconds." },
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, client, device }) => {
    await disableCustomerTotp({ login, input, client, device });
    return success();
  },
});
