/** GET /client/v1/sessions: where the customer is signed in, newest first. */
import { listCustomerSessions } from "@/lib/domain/customers/list-customer-sessions";
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
    "The customer's sessions: every live login token (not revoked, not expired, issued since the last password " +
    "change), through whichever API client, newest first; `current` marks the token of this request.",
  security: "client+bearer",
  ok: { status: 200, response: jsonBody("The sessions", sessionsResponse, ["NoStore"]) },
  errors: { 401: invalidLoginToken, 503: "ServiceUnavailable" },
  handler: async ({ login }) => success({ sessions: await listCustomerSessions({ login }) }),
});
