/** POST /client/v1/logout (extension): the session of the access token presented, ended. */
import { logoutCustomer } from "@/lib/domain/customer-sessions/logout-customer";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { plainSuccessResponse } from "@/lib/http/schemas";

export const logoutCustomerOperation = defineOperation({
  method: "POST",
  path: "/client/v1/logout",
  operationId: "logoutCustomer",
  tag: "accounts",
  summary: "Log out",
  description:
    "Extension to the seed contract. Ends the session of the access token presented (its refresh token with it), and only that one.",
  security: "client+bearer",
  ok: { status: 200, response: jsonBody("Logged out", plainSuccessResponse, ["NoStore"]) },
  errors: {
    400: { name: "BadRequest", description: "A malformed X-Client-IP." },
    401: invalidLoginToken,
    503: "ServiceUnavailable",
  },
  handler: async ({ login, client, device }) => {
    await logoutCustomer(login, client, device);
    return success();
  },
});
