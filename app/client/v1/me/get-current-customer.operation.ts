/** GET /client/v1/me (extension): the customer behind a login token. */
import { describeCustomer } from "@/lib/domain/customer-accounts/describe-customer";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { meResponse } from "@/lib/http/schemas";

export const getCurrentCustomer = defineOperation({
  method: "GET",
  path: "/client/v1/me",
  operationId: "getCurrentCustomer",
  headOperationId: "headCurrentCustomer",
  tag: "accounts",
  summary: "The customer behind the login token",
  description:
    "Extension to the seed contract. Needs the login token, which works only through the API client it was issued to.",
  security: "client+bearer",
  ok: { status: 200, response: jsonBody("The customer", meResponse, ["NoStore"]) },
  errors: { 401: invalidLoginToken, 503: "ServiceUnavailable" },
  handler: async ({ login }) => success({ customer: await describeCustomer(login) }),
});
