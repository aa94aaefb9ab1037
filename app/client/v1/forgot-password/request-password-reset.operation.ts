/** POST /client/v1/forgot-password: a reset link by e-mail. */
import { linkOriginCheck } from "@/lib/domain/customer-accounts/link-origin";
import { requestPasswordReset } from "@/lib/domain/customer-credentials/request-password-reset";
import { jsonBody, SENT_AN_EMAIL } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { recipientResponse, requestBody } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const forgotPasswordRequest = requestBody("ForgotPasswordRequest", {
  email: fields.email(),
  reset_password_url: fields.tokenUrl("Reset password URL"),
});

export const requestPasswordResetOperation = defineOperation({
  method: "POST",
  path: "/client/v1/forgot-password",
  operationId: "requestPasswordReset",
  tag: "accounts",
  summary: "E-mail a password reset link",
  description: `E-mails a reset link, valid 1 hour, and returns the masked recipient. Limited per e-mail address and per IP. A blocked account is sent nothing, with the same answer. ${SENT_AN_EMAIL}`,
  security: "client",
  body: forgotPasswordRequest,
  crossChecks: (raw, client) => linkOriginCheck("reset_password_url", client)(raw),
  ok: { status: 200, response: jsonBody("Sent", recipientResponse, ["NoStore"]) },
  errors: {
    400: "BadRequest",
    401: "Unauthorized",
    413: "PayloadTooLarge",
    429: "TooManyRequests",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, client, device }) =>
    success({ recipient: await requestPasswordReset({ input, client, device }) }),
});
