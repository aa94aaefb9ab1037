/** POST /client/v1/verify-email (extension): the token of a verification or change-of-address link, used. */
import { verifyEmail } from "@/lib/domain/customer-credentials/verify-email";
import { jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { plainSuccessResponse, requestBody } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const verifyEmailRequest = requestBody("VerifyEmailRequest", {
  token: fields.secret("The token from the verification e-mail's link"),
});

export const verifyEmailOperation = defineOperation({
  method: "POST",
  path: "/client/v1/verify-email",
  operationId: "verifyEmail",
  tag: "accounts",
  summary: "Verify the e-mail address",
  description:
    "Extension to the seed contract. Uses the token of an e-mailed link (single use): from the verification e-mail, " +
    "marks the address verified; from a change of address (POST /client/v1/change-email), makes the new address the " +
    "account's, verified (the old one logs in no more), unless another account has taken it meanwhile.",
  security: "client",
  body: verifyEmailRequest,
  ok: { status: 200, response: jsonBody("Verified", plainSuccessResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "Invalid request: `errors` lists every problem, e.g. token/required, token/invalid (unknown, expired, " +
        "used or revoked), or email/unique (a change of address to one another account now has: the token stays unused).",
    },
    401: "Unauthorized",
    413: "PayloadTooLarge",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, client, device }) => {
    await verifyEmail({ input, client, device });
    return success();
  },
});
