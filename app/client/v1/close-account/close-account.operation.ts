/** POST /client/v1/close-account: the account closed, with the password; every session ends and the address is free again. */
import { closeCustomerAccount } from "@/lib/domain/customer-data-rights/close-customer-account";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { plainSuccessResponse, requestBody, stepUpCode } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const closeAccountRequest = requestBody("CloseAccountRequest", {
  password: fields.secret("The customer's password"),
  code: stepUpCode(),
});

export const closeAccountOperation = defineOperation({
  method: "POST",
  path: "/client/v1/close-account",
  operationId: "closeAccount",
  tag: "accounts",
  summary: "Close the account",
  description:
    "Closes the customer's account, with their password: every session ends, logging in with the address fails, " +
    "and the address may register again as a new account. Wrong passwords count against the login limits of the " +
    "account and of the IP address, as failed logins do.",
  security: "client+bearer",
  body: closeAccountRequest,
  ok: { status: 200, response: jsonBody("Closed", plainSuccessResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "password/required, or password/invalid: not the customer's password; with two-factor on, code/required or " +
        "code/invalid or code/already_used (a current code is needed as well, each code once; wrong codes count like " +
        "wrong passwords).",
    },
    401: invalidLoginToken,
    413: "PayloadTooLarge",
    429: {
      name: "TooManyRequests",
      description: "Too many failed logins or wrong passwords: wait Retry-After seconds.",
    },
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, client, device }) => {
    await closeCustomerAccount({ login, input, client, device });
    return success();
  },
});
