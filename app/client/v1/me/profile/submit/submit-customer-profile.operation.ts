/** POST /client/v1/me/profile/submit: a complete profile put in review. */
import { submitCustomerProfile } from "@/lib/domain/customer-profiles/submit-customer-profile";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { profileResponse } from "@/lib/http/schemas";

export const submitCustomerProfileOperation = defineOperation({
  method: "POST",
  path: "/client/v1/me/profile/submit",
  operationId: "submitCustomerProfile",
  tag: "profile",
  summary: "Submit the profile for review",
  description:
    "When every field but address_line2 and address_region is given, kyc_status becomes pending_review and the " +
    "profile is answered as GET /client/v1/me/profile does. Already pending_review: answered as it is (a retry is " +
    "harmless). A rejected profile may be submitted again. No body.",
  security: "client+bearer",
  ok: { status: 200, response: jsonBody("Submitted", profileResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "Invalid request: one `required` entry per missing field (e.g. given_names/required), " +
        "country_of_residence/not_source (no longer a source country), or kyc_status/already_verified.",
    },
    401: invalidLoginToken,
    503: "ServiceUnavailable",
  },
  handler: async ({ login, client, device }) =>
    success({ profile: await submitCustomerProfile({ login, client, device }) }),
});
