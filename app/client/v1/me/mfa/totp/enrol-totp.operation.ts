/** POST /client/v1/me/mfa/totp: a logged-in customer starts two-factor (TOTP), with the password. */
import { enrolCustomerTotp } from "@/lib/domain/customer-credentials/enrol-customer-totp";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { requestBody, totpEnrolmentResponse } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const enrolTotpRequest = requestBody("EnrolTotpRequest", {
  password: fields.secret("The customer's password"),
});

export const enrolTotpOperation = defineOperation({
  method: "POST",
  path: "/client/v1/me/mfa/totp",
  operationId: "enrolTotp",
  tag: "accounts",
  summary: "Start two-factor (TOTP)",
  description:
    "Checks the password and returns a new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s) and its otpauth:// URL, " +
    "with the business's trading name as issuer, for the customer's authenticator app. Two-factor is on only once " +
    "POST /client/v1/me/mfa/totp/confirm confirms it with a code; calling this again before that replaces the secret. " +
    "Wrong passwords count against the account's login limits, as failed logins do.",
  security: "client+bearer",
  body: enrolTotpRequest,
  ok: { status: 200, response: jsonBody("The secret, shown this once", totpEnrolmentResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description: "password/required, password/invalid (not the customer's password), or two-factor is already on.",
    },
    401: invalidLoginToken,
    413: "PayloadTooLarge",
    429: {
      name: "TooManyRequests",
      description: "Too many failed logins or wrong passwords: wait Retry-After seconds.",
    },
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, client, device }) =>
    success(await enrolCustomerTotp({ login, input, client, device })),
});
