/** POST /client/v1/resend-verification (extension): a new verification e-mail for a logged-in customer. */
import { linkOriginCheck } from "@/lib/domain/customer-accounts/link-origin";
import { resendVerification } from "@/lib/domain/customer-credentials/resend-verification";
import { invalidLoginToken, jsonBody, SENT_AN_EMAIL } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { plainSuccessResponse, requestBody } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const resendVerificationRequest = requestBody("ResendVerificationRequest", {
  email_verification_url: fields.tokenUrl("E-mail verification URL"),
});

export const resendVerificationOperation = defineOperation({
  method: "POST",
  path: "/client/v1/resend-verification",
  operationId: "resendVerificationEmail",
  tag: "accounts",
  summary: "E-mail a new verification link",
  description:
    "Extension to the seed contract. E-mails the customer a new verification link (valid 24 hours); earlier links " +
    `stop working. Limited per account (by default 3 an hour; 429 beyond). ${SENT_AN_EMAIL}`,
  security: "client+bearer",
  body: resendVerificationRequest,
  crossChecks: (raw, client) => linkOriginCheck("email_verification_url", client)(raw),
  ok: { status: 200, response: jsonBody("Sent", plainSuccessResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "Invalid request: `errors` lists every problem, e.g. email/already_verified, or " +
        "email_verification_url/invalid or not_allowed.",
    },
    401: invalidLoginToken,
    413: "PayloadTooLarge",
    429: "TooManyRequests",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, client, device }) => {
    await resendVerification({ login, input, client, device });
    return success();
  },
});
