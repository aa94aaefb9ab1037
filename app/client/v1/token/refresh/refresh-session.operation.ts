/** POST /client/v1/token/refresh: a session's refresh token exchanged for a new access token and refresh token. */
import { refreshCustomerSession } from "@/lib/domain/customer-sessions/refresh-customer-session";
import { jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { requestBody, sessionTokensResponse, sessionTokensSuccess } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const refreshRequest = requestBody("RefreshRequest", {
  refresh_token: fields.secret("Refresh token"),
});

export const refreshSessionOperation = defineOperation({
  method: "POST",
  path: "/client/v1/token/refresh",
  operationId: "refreshSession",
  tag: "accounts",
  summary: "Refresh a session",
  description:
    "Spends the refresh token of login, register or an earlier refresh and returns the session's new pair: a new " +
    "access token and a new refresh token (the old access token stops working). Only through the API client the " +
    "session was started with. The same refresh token sent again within REFRESH_REUSE_GRACE_SECONDS (10 by default) " +
    "gets the same new pair (a retry that lost its answer); after that it is taken for a stolen token: 401, and the " +
    "whole session ends. A session also ends when it has not been refreshed for SESSION_IDLE_DAYS (30) or was " +
    'started SESSION_MAX_DAYS (90) ago, and with every sign-out and security event (docs/api.md, "Sessions").',
  security: "client",
  body: refreshRequest,
  fastPath: true,
  ok: { status: 200, response: jsonBody("Refreshed", sessionTokensResponse(200), ["NoStore"]) },
  errors: {
    400: "BadRequest",
    401: {
      name: "Unauthorized",
      description:
        "Invalid client credentials, or a refresh token that is unknown, another API client's, spent (after the grace), " +
        "or of a session that ended (signed out, a security event, past its idle or absolute limit).",
    },
    413: "PayloadTooLarge",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, client, device }) =>
    sessionTokensSuccess(await refreshCustomerSession({ input, client, device })),
});
