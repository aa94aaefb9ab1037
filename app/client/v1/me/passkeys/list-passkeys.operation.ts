/** GET /client/v1/me/passkeys: the customer's passkeys. */
import { listOwnPasskeys } from "@/lib/domain/passkeys/list-passkeys";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { passkeysResponse } from "@/lib/http/passkey-schemas";

export const listPasskeysOperation = defineOperation({
  method: "GET",
  path: "/client/v1/me/passkeys",
  operationId: "listPasskeys",
  headOperationId: "headPasskeys",
  tag: "accounts",
  summary: "The customer's passkeys",
  description:
    "Every passkey of the customer, oldest first: its name, dates and what the authenticator said of it. 404 while passkeys are not enabled.",
  security: "client+bearer",
  ok: { status: 200, response: jsonBody("The passkeys", passkeysResponse, ["NoStore"]) },
  errors: {
    401: invalidLoginToken,
    404: { name: "NotFound", description: "Passkeys are not enabled on this service." },
    503: "ServiceUnavailable",
  },
  handler: async ({ login }) => success({ passkeys: await listOwnPasskeys(login.customerId) }),
});
