/** POST /client/v1/login/mfa: a login with two-factor on, finished with its mfa_token and a code. */
import { completeCustomerLogin } from "@/lib/domain/customer-sessions/complete-customer-login";
import { jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { requestBody, secondFactorCode, sessionTokensResponse, sessionTokensSuccess } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const completeLoginRequest = requestBody("CompleteLoginRequest", {
  mfa_token: fields.text("MFA token", 128).meta({
    type: "string",
    minLength: 1,
    maxLength: 128,
    description: "The mfa_token of login's 403 mfa_required answer.",
  }),
  code: secondFactorCode("The 6 digits the authenticator app shows now, or an unused recovery code (xxxxx-xxxxx)."),
});

export const completeLoginOperation = defineOperation({
  method: "POST",
  path: "/client/v1/login/mfa",
  operationId: "completeLogin",
  tag: "accounts",
  summary: "Log in: the second factor",
  description:
    "Finishes a login that answered 403 mfa_required: its mfa_token and a current TOTP code (one step of clock drift " +
    "either side; a code is accepted once) or an unused recovery code (used up; the customer is e-mailed) answer " +
    "200 with the tokens, as login does. An mfa_token lives 5 minutes, works once, and dies after 5 codes; each code " +
    "also counts against the account's login limits, as a password does.",
  security: "client",
  body: completeLoginRequest,
  ok: { status: 200, response: jsonBody("Logged in", sessionTokensResponse(200), ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "code/invalid (a wrong code) or code/already_used (a right code used once already: wait for the next); " +
        "either way the mfa_token has one try less. Or a missing, oversized or " +
        "malformed mfa_token or code (required, too_long, invalid_characters).",
    },
    401: {
      name: "Unauthorized",
      description:
        "Invalid client credentials, or an mfa_token that is unknown, expired, used, of another app, ended by a " +
        "password change, a block or a close, or dead after 5 codes: log in again.",
    },
    413: "PayloadTooLarge",
    429: { name: "TooManyRequests", description: "Too many failed logins or wrong codes: wait Retry-After seconds." },
    503: "ServiceUnavailable",
  },
  handler: async ({ input, client, device }) =>
    sessionTokensSuccess(await completeCustomerLogin({ input, client, device })),
});
