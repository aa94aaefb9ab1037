/** POST /client/v1/me: the customer's locale, the language of their e-mails. */
import { changeCustomerLocale } from "@/lib/domain/customer-accounts/change-customer-locale";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { meResponse, requestBody } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const changeLocaleRequest = requestBody("ChangeLocaleRequest", {
  locale: fields.text("Locale", 64).meta({
    type: "string",
    minLength: 1,
    description: "The id of one of the enabled locales of GET /client/v1/settings. Trimmed before it is checked.",
  }),
});

export const changeCustomerLocaleOperation = defineOperation({
  method: "POST",
  path: "/client/v1/me",
  operationId: "changeCustomerLocale",
  tag: "accounts",
  summary: "Change the customer's locale",
  description:
    "Stores the customer's locale, the language of the e-mails they receive, and returns the customer as GET does.",
  security: "client+bearer",
  body: changeLocaleRequest,
  ok: { status: 200, response: jsonBody("Changed", meResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description: "locale/required, locale/invalid (not an enabled locale) or locale/invalid_characters.",
    },
    401: invalidLoginToken,
    413: "PayloadTooLarge",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, client, device }) =>
    success({ customer: await changeCustomerLocale({ login, input, client, device }) }),
});
