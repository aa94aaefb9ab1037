/** POST /client/v1/me/passkeys/registration/options: the first step of adding a passkey, with the password. */
import { startPasskeyRegistration } from "@/lib/domain/passkeys/start-passkey-registration";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { passkeyCreationOptionsResponse } from "@/lib/http/passkey-schemas";
import { requestBody, stepUpCode } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const startPasskeyRegistrationRequest = requestBody("StartPasskeyRegistrationRequest", {
  password: fields.secret("The customer's password"),
  code: stepUpCode(),
});

export const startPasskeyRegistrationOperation = defineOperation({
  method: "POST",
  path: "/client/v1/me/passkeys/registration/options",
  operationId: "startPasskeyRegistration",
  tag: "accounts",
  summary: "Add a passkey: the options",
  description:
    "Checks the password (and, with two-factor on, a current code) and returns the creation options for the platform's " +
    "passkey API (rp.id the business's domain, a random user handle, resident key and user verification required, " +
    "ES256 and RS256, the customer's passkeys excluded, attestation none) with the challenge_id to send back to " +
    "POST /client/v1/me/passkeys/registration/verify within 5 minutes. Wrong passwords count against the login limits. " +
    "404 while passkeys are not enabled on this service.",
  security: "client+bearer",
  body: startPasskeyRegistrationRequest,
  ok: { status: 200, response: jsonBody("The options", passkeyCreationOptionsResponse, ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description: "password/required, password/invalid; with two-factor on, code/required or code/invalid.",
    },
    401: invalidLoginToken,
    404: { name: "NotFound", description: "Passkeys are not enabled on this service (WEBAUTHN_RP_ID unset)." },
    413: "PayloadTooLarge",
    429: {
      name: "TooManyRequests",
      description:
        "Too many wrong passwords, or too many passkey challenges for this account or IP: wait Retry-After seconds.",
    },
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, client, device }) =>
    success(await startPasskeyRegistration({ login, input, client, device })),
});
