/** GET /client/v1/sessions: where the customer is signed in, newest first. */
import { listCustomerSessions } from "@/lib/domain/customer-sessions/list-customer-sessions";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { sessionsResponse } from "@/lib/http/schemas";

export const listSessions = defineOperation({
  method: "GET",
  path: "/client/v1/sessions",
  operationId: "listSessions",
  headOperationId: "headSessions",
  tag: "accounts",
  summary: "Where the customer is signed in",
  description:
    "The customer's sessions, one per chain of access and refresh tokens: every session not ended (not signed out, " +
    "started since the last password change, with a working access token or a refresh token within the session's " +
    "idle and absolute limits), through whichever API client, newest first; `current` marks the session of this request.",
  security: "client+bearer",
  ok: { status: 200, response: jsonBody("The sessions", sessionsResponse, ["NoStore"]) },
  errors: { 401: invalidLoginToken, 503: "ServiceUnavailable" },
  handler: async ({ login }) => success({ sessions: await listCustomerSessions({ login }) }),
});
