/** POST /client/v1/change-password (extension): a logged-in customer changes its password. */
import { changeCustomerPassword } from "@/lib/domain/customer-credentials/change-customer-password";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { confirmation, plainSuccessResponse, requestBody, stepUpCode } from "@/lib/http/schemas";
import { confirmPasswordCheck, fields } from "@/lib/platform/validation/fields";

export const changePasswordRequest = requestBody("ChangePasswordRequest", {
  current_password: fields.secret("The password the customer has now"),
  password: fields.password("New password"),
  confirm_password: confirmation("New password confirmation", "password"),
  code: stepUpCode(),
});

export const changePasswordOperation = defineOperation({
  method: "POST",
  path: "/client/v1/change-password",
  operationId: "changePassword",
  tag: "accounts",
  summary: "Change the password",
  description:
    "Extension to the seed contract. Checks the current password and sets the new one (under the same rules as " +
    "register: not too_common, not too_similar); every other session of the customer is logged out, the calling " +
    "one stays, and the customer is e-mailed a notice. Wrong current passwords count against the account's login " +
    "limit (429 once over it).",
  security: "client+bearer",
  body: changePasswordRequest,
  crossChecks: (raw) => confirmPasswordCheck(raw),
  ok: { status: 200, response: jsonBody("Password changed", plainSuccessResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "Invalid request: `errors` lists every problem, e.g. current_password/invalid (wrong current password), " +
        "confirm_password/_invalidConfirmPassword, password/too_short, too_long, too_common or too_similar; with " +
        "two-factor on, code/required, code/invalid or code/already_used (a current code is needed as well, each code once).",
    },
    401: invalidLoginToken,
    413: "PayloadTooLarge",
    429: "TooManyRequests",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, client, device }) => {
    await changeCustomerPassword({ login, input, client, device });
    return success();
  },
});
