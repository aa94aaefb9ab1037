/** POST /client/v1/register: a new customer's account, logged in at once and asked to verify its e-mail. */
import { linkOriginCheck } from "@/lib/domain/customer-accounts/link-origin";
import { registrationCountry } from "@/lib/domain/customer-profiles/profile-fields";
import { registerCustomer } from "@/lib/domain/customer-accounts/register-customer";
import { jsonBody, SENT_AN_EMAIL } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { confirmation, requestBody, sessionTokensResponse, sessionTokensSuccess } from "@/lib/http/schemas";
import { confirmPasswordCheck, fields } from "@/lib/platform/validation/fields";

export const registerRequest = requestBody("RegisterRequest", {
  email: fields.email(),
  password: fields.password(),
  confirm_password: confirmation("Password confirmation", "password"),
  email_verification_url: fields.tokenUrl("E-mail verification URL"),
  locale: fields.optionalText("Locale", 64).meta({
    type: "string",
    description:
      "Optional. The id of one of the enabled locales of GET /client/v1/settings, trimmed before it is checked; " +
      "e-mails to the customer are in its language. Missing or empty: the default (the first enabled locale).",
  }),
  country: registrationCountry(),
});

export const registerCustomerOperation = defineOperation({
  method: "POST",
  path: "/client/v1/register",
  operationId: "registerCustomer",
  tag: "accounts",
  summary: "Register a customer",
  description: `Creates the account, e-mails the verification link (valid 24 hours) and starts a session: an access token and a refresh token, as login answers them. The password must not be too_common (one of the 100,000 most common) nor too_similar (containing the e-mail's part before the @, when that has 4 characters or more), whatever its case. An optional country (ISO alpha-2) starts the profile (GET /client/v1/me/profile) as its country_of_residence: it must be a source country (country/invalid, country/not_source). Limited per IP (by default 100 an hour; 429 beyond), counting every registration with valid fields, one refused for an address already in use included. ${SENT_AN_EMAIL}`,
  security: "client",
  body: registerRequest,
  fastPath: true,
  crossChecks: (raw, client) => [
    ...confirmPasswordCheck(raw),
    ...linkOriginCheck("email_verification_url", client)(raw),
  ],
  ok: { status: 201, response: jsonBody("Registered", sessionTokensResponse(201), ["NoStore"]) },
  errors: {
    400: "BadRequest",
    401: "Unauthorized",
    413: "PayloadTooLarge",
    429: "TooManyRequests",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, client, device }) =>
    sessionTokensSuccess(await registerCustomer({ input, client, device }), 201),
});
