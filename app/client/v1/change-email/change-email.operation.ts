/** POST /client/v1/change-email (extension): a new address for a logged-in customer, effective once its link is used. */
import { changeCustomerEmail } from "@/lib/domain/customer-credentials/change-customer-email";
import { linkOriginCheck } from "@/lib/domain/customer-accounts/link-origin";
import { invalidLoginToken, jsonBody, SENT_AN_EMAIL } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { plainSuccessResponse, requestBody, stepUpCode } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const changeEmailRequest = requestBody("ChangeEmailRequest", {
  email: fields.email("New e-mail address"),
  password: fields.secret("The customer's password"),
  email_verification_url: fields.tokenUrl("E-mail verification URL"),
  code: stepUpCode(),
});

export const changeEmailOperation = defineOperation({
  method: "POST",
  path: "/client/v1/change-email",
  operationId: "changeEmail",
  tag: "accounts",
  summary: "Change the e-mail address",
  description:
    "Extension to the seed contract. Checks the password and e-mails the new address a link (valid 24 hours, " +
    "earlier change links stop working) and the current address a notice without a link. The change takes effect " +
    "when the link's token is sent to POST /client/v1/verify-email; until then the current address logs in. Wrong " +
    "passwords count against the login limits of the account and of the IP address (429 once over them). Requests " +
    "with the right password are limited per account and per new address, its +tag left out (by default 5 and 3 an " +
    `hour; 429 beyond), whether or not the address is free. ${SENT_AN_EMAIL}`,
  security: "client+bearer",
  body: changeEmailRequest,
  crossChecks: (raw, client) => linkOriginCheck("email_verification_url", client)(raw),
  ok: { status: 200, response: jsonBody("Link sent to the new address", plainSuccessResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "Invalid request: `errors` lists every problem, e.g. email/required, email/invalid, email/unique (an " +
        "address an account uses, this one's included), password/required, password/invalid (not the customer's " +
        "password), email_verification_url/invalid or not_allowed; with two-factor on, code/required, code/invalid or code/already_used " +
        "(a current code is needed as well).",
    },
    401: invalidLoginToken,
    413: "PayloadTooLarge",
    429: "TooManyRequests",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, client, device }) => {
    await changeCustomerEmail({ login, input, client, device });
    return success();
  },
});
