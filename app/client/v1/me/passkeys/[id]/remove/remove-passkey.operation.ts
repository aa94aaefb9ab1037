/** POST /client/v1/me/passkeys/{id}/remove: the customer removes one of their passkeys, with the password. */
import { removePasskey } from "@/lib/domain/passkeys/remove-passkey";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { passkeyIdParameter } from "@/lib/http/passkey-schemas";
import { plainSuccessResponse, requestBody, stepUpCode } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const removePasskeyRequest = requestBody("RemovePasskeyRequest", {
  password: fields.secret("The customer's password"),
  code: stepUpCode(),
});

export const removePasskeyOperation = defineOperation({
  method: "POST",
  path: "/client/v1/me/passkeys/{id}/remove",
  operationId: "removePasskey",
  tag: "accounts",
  summary: "Remove a passkey",
  description:
    "Checks the password (and, with two-factor on, a current code) and removes one of the customer's passkeys: it " +
    "can no longer sign in. The customer is e-mailed; the webhook event customer.passkey.removed is sent. Wrong " +
    "passwords count against the login limits. 404 while passkeys are not enabled.",
  security: "client+bearer",
  pathParameters: [passkeyIdParameter],
  body: removePasskeyRequest,
  ok: { status: 200, response: jsonBody("Removed", plainSuccessResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description: "password/required, password/invalid; with two-factor on, code/required or code/invalid.",
    },
    401: invalidLoginToken,
    404: { name: "NotFound", description: "Not one of this customer's passkeys (or passkeys are not enabled)." },
    413: "PayloadTooLarge",
    429: {
      name: "TooManyRequests",
      description: "Too many failed logins or wrong passwords: wait Retry-After seconds.",
    },
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, params, client, device }) => {
    await removePasskey({ login, passkeyId: params.id, input, client, device });
    return success();
  },
});
