/** GET /client/v1/authorisations/{id}: one of the customer's payment authorisations and its status. */
import { readPaymentAuthorisation } from "@/lib/domain/payment-authorisations/read-payment-authorisation";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { authorisationIdParameter, authorisationResponse } from "@/lib/http/payment-authorisation-schemas";
import { success } from "@/lib/http/respond";

export const getPaymentAuthorisationOperation = defineOperation({
  method: "GET",
  path: "/client/v1/authorisations/{id}",
  operationId: "getPaymentAuthorisation",
  headOperationId: "headPaymentAuthorisation",
  tag: "payments",
  summary: "A payment authorisation",
  description: "One of the customer's payment authorisations and its status: pending, approved, expired or failed.",
  security: "client+bearer",
  pathParameters: [authorisationIdParameter],
  ok: { status: 200, response: jsonBody("The authorisation", authorisationResponse, ["NoStore"]) },
  errors: {
    401: invalidLoginToken,
    404: {
      name: "NotFound",
      description: "Not one of this customer's authorisations (malformed, unknown or another's).",
    },
    503: "ServiceUnavailable",
  },
  handler: async ({ login, params }) => success({ authorisation: await readPaymentAuthorisation(login, params.id) }),
});
