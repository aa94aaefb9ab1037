/** POST /client/v1/sessions/revoke-others: every session of the customer but the calling one, ended. */
import { revokeOtherCustomerSessions } from "@/lib/domain/customer-sessions/revoke-other-customer-sessions";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { revokedResponse } from "@/lib/http/schemas";

export const revokeOtherSessions = defineOperation({
  method: "POST",
  path: "/client/v1/sessions/revoke-others",
  operationId: "revokeOtherSessions",
  tag: "accounts",
  summary: "Sign out everywhere else",
  description:
    "Revokes every session of the customer but the calling one, and says how many. Calls of one customer take " +
    "turns: of two sessions calling at once, the first ends the other's, which then gets 401.",
  security: "client+bearer",
  ok: { status: 200, response: jsonBody("Signed out of the other sessions", revokedResponse, ["NoStore"]) },
  errors: {
    400: { name: "BadRequest", description: "A malformed X-Client-IP." },
    401: invalidLoginToken,
    503: "ServiceUnavailable",
  },
  handler: async ({ login, client, device }) =>
    success({ revoked: await revokeOtherCustomerSessions({ login, client, device }) }),
});
