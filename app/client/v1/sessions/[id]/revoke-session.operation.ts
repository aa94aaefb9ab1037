/** DELETE /client/v1/sessions/{id}: the customer signed out of one session; 404 for an id not one of their live sessions. */
import { revokeCustomerSession } from "@/lib/domain/customer-sessions/revoke-customer-session";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { plainSuccessResponse } from "@/lib/http/schemas";

export const revokeSession = defineOperation({
  method: "DELETE",
  path: "/client/v1/sessions/{id}",
  operationId: "revokeSession",
  tag: "accounts",
  summary: "Sign out of one session",
  description:
    "Revokes one of the customer's sessions (the calling one too, which is a logout): its token stops working at once.",
  security: "client+bearer",
  pathParameters: [
    {
      name: "id",
      description: "The session's id, from GET /client/v1/sessions.",
      schema: { type: "string", pattern: "^[1-9][0-9]*$" },
    },
  ],
  ok: { status: 200, response: jsonBody("Signed out of that session", plainSuccessResponse, ["NoStore"]) },
  errors: {
    400: { name: "BadRequest", description: "A malformed X-Client-IP." },
    401: invalidLoginToken,
    404: {
      name: "NotFound",
      description:
        "The id is not one of this customer's live sessions: malformed, unknown, already ended or another customer's alike.",
    },
    503: "ServiceUnavailable",
  },
  handler: async ({ login, params, client, device }) => {
    await revokeCustomerSession({ login, sessionId: params.id, client, device });
    return success();
  },
});
