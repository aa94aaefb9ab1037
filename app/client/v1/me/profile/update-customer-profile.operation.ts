/** POST /client/v1/me/profile: the fields sent changed, the others left as they are. */
import { profileChangesShape } from "@/lib/domain/customer-profiles/profile-fields";
import { updateCustomerProfile } from "@/lib/domain/customer-profiles/update-customer-profile";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { profileResponse, requestBody } from "@/lib/http/schemas";

export const updateProfileRequest = requestBody("UpdateProfileRequest", profileChangesShape);

export const updateCustomerProfileOperation = defineOperation({
  method: "POST",
  path: "/client/v1/me/profile",
  operationId: "updateCustomerProfile",
  tag: "profile",
  summary: "Change the customer's profile",
  description:
    "Changes the fields sent and leaves the others; answers the profile as GET does. Text is trimmed. null or an " +
    "empty value clears address_line2 or address_region, and is refused (required) for any other field. Every " +
    "problem is one errors entry on its field, all at once; nothing is changed then. A call that changes something " +
    "is one account event naming the changed fields. On a verified profile, a change of given_names, family_name, " +
    "date_of_birth or nationality puts kyc_status back to pending_review; the other fields change freely.",
  security: "client+bearer",
  body: updateProfileRequest,
  fieldsApart: true,
  ok: { status: 200, response: jsonBody("Changed", profileResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "Invalid request: `errors` lists every problem, e.g. given_names/invalid, given_names/invalid_characters " +
        "(a hidden, direction-changing or compatibility character), family_name/mixed_scripts, date_of_birth/invalid, " +
        "date_of_birth/too_young, phone/invalid, nationality/invalid, country_of_residence/not_source, " +
        "address_country/mismatch, address_line1/too_long, address_city/invalid_characters, address_postcode/required.",
    },
    401: invalidLoginToken,
    413: "PayloadTooLarge",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, problems, login, client, device }) =>
    success({ profile: await updateCustomerProfile({ login, input, problems, client, device }) }),
});
