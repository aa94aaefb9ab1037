/** POST /client/v1/login: a new login token for the right e-mail address and password. */
import { loginCustomer } from "@/lib/domain/customers/login-customer";
import { invalidLogin, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { loginAnswer } from "@/lib/http/login-answer";
import { requestBody, tokenResponse } from "@/lib/http/schemas";
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
    "Checks the e-mail address and password and returns a new login token. Failed attempts are limited per e-mail address and per IP. " +
    "A blocked account is refused with 403, whatever the password. With two-factor on, the right password answers 403 " +
    "mfa_required with an mfa_token instead of a token: finish the login with POST /client/v1/login/mfa.",
  security: "client",
  body: loginRequest,
  fastPath: true,
  ok: { status: 200, response: jsonBody("Logged in", tokenResponse(200), ["NoStore"]) },
  errors: {
    400: "BadRequest",
    401: invalidLogin,
    403: "Forbidden",
    413: "PayloadTooLarge",
    429: "TooManyRequests",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, client, device }) => loginAnswer(await loginCustomer({ input, client, device })),
});
