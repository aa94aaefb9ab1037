/** POST /client/v1/reset-password: a new password with the token of a reset e-mail. */
import { resetPassword } from "@/lib/domain/customer-credentials/reset-password";
import { jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { confirmation, plainSuccessResponse, requestBody } from "@/lib/http/schemas";
import { confirmPasswordCheck, fields } from "@/lib/platform/validation/fields";

export const resetPasswordRequest = requestBody("ResetPasswordRequest", {
  token: fields.secret("The token from the reset e-mail's link"),
  password: fields.password(),
  confirm_password: confirmation("Password confirmation", "password"),
});

export const resetPasswordOperation = defineOperation({
  method: "POST",
  path: "/client/v1/reset-password",
  operationId: "resetPassword",
  tag: "accounts",
  summary: "Set a new password",
  description:
    "Sets a new password with the token from the reset e-mail (single use) and logs out every session of the customer. " +
    "The password rules are register's (too_common, too_similar).",
  security: "client",
  body: resetPasswordRequest,
  crossChecks: (raw) => confirmPasswordCheck(raw),
  ok: { status: 200, response: jsonBody("Password changed", plainSuccessResponse, ["NoStore"]) },
  errors: { 400: "BadRequest", 401: "Unauthorized", 413: "PayloadTooLarge", 503: "ServiceUnavailable" },
  handler: async ({ input, client, device }) => {
    await resetPassword({ input, client, device });
    return success();
  },
});
