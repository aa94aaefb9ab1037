/** GET /client/v1/me/profile: the customer's profile and where its review stands. */
import { readCustomerProfile } from "@/lib/domain/customer-profiles/read-customer-profile";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { profileResponse } from "@/lib/http/schemas";

export const getCustomerProfile = defineOperation({
  method: "GET",
  path: "/client/v1/me/profile",
  operationId: "getCustomerProfile",
  headOperationId: "headCustomerProfile",
  tag: "profile",
  summary: "The customer's profile",
  description:
    "The profile of the customer behind the login token, and its kyc_status. Fields never given are null; " +
    "country_of_residence is the country given at registration until changed.",
  security: "client+bearer",
  ok: { status: 200, response: jsonBody("The profile", profileResponse, ["NoStore"]) },
  errors: { 401: invalidLoginToken, 503: "ServiceUnavailable" },
  handler: async ({ login }) => success({ profile: readCustomerProfile(login) }),
});
