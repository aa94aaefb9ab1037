/** POST /client/v1/login: a new session's tokens for the right e-mail address and password. */
import { loginCustomer } from "@/lib/domain/customer-sessions/login-customer";
import { invalidLogin, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { requestBody, sessionTokensResponse, sessionTokensSuccess } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const loginRequest = requestBody("LoginRequest", {
  email: fields.email(),
  password: fields.secret("Password"),
});

export const loginCustomerOperation = defineOperation({
  method: "POST",
  path: "/client/v1/login",
  operationId: "loginCustomer",
  tag: "accounts",
  summary: "Log in",
  description:
    "Checks the e-mail address and password and starts a session: an access token, which every call on the account sends, and a refresh token (see POST /client/v1/token/refresh). Failed attempts are limited per e-mail address and per IP. " +
    "A blocked account is refused with 403, whatever the password. With two-factor on, the right password answers 403 " +
    "mfa_required with an mfa_token instead of the tokens: finish the login with POST /client/v1/login/mfa.",
  security: "client",
  body: loginRequest,
  fastPath: true,
  ok: { status: 200, response: jsonBody("Logged in", sessionTokensResponse(200), ["NoStore"]) },
  errors: {
    400: "BadRequest",
    401: invalidLogin,
    403: "Forbidden",
    413: "PayloadTooLarge",
    429: "TooManyRequests",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, client, device }) => sessionTokensSuccess(await loginCustomer({ input, client, device })),
});
