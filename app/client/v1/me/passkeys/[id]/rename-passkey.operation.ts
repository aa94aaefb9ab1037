/** POST /client/v1/me/passkeys/{id}: the customer renames one of their passkeys. */
import { MAX_PASSKEY_NAME_LENGTH } from "@/lib/domain/passkeys/passkey-record";
import { renamePasskey } from "@/lib/domain/passkeys/rename-passkey";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { passkeyIdParameter, passkeyResponse } from "@/lib/http/passkey-schemas";
import { requestBody } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const renamePasskeyRequest = requestBody("RenamePasskeyRequest", {
  name: fields.text("Name", MAX_PASSKEY_NAME_LENGTH),
});

export const renamePasskeyOperation = defineOperation({
  method: "POST",
  path: "/client/v1/me/passkeys/{id}",
  operationId: "renamePasskey",
  tag: "accounts",
  summary: "Rename a passkey",
  description: "Gives one of the customer's passkeys a new name. 404 while passkeys are not enabled.",
  security: "client+bearer",
  pathParameters: [passkeyIdParameter],
  body: renamePasskeyRequest,
  ok: { status: 200, response: jsonBody("Renamed", passkeyResponse(200), ["NoStore"]) },
  errors: {
    400: { name: "BadRequest", description: "name/required, name/too_long or name/invalid_characters." },
    401: invalidLoginToken,
    404: { name: "NotFound", description: "Not one of this customer's passkeys (or passkeys are not enabled)." },
    413: "PayloadTooLarge",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, params }) =>
    success({ passkey: await renamePasskey({ login, passkeyId: params.id, input }) }),
});
