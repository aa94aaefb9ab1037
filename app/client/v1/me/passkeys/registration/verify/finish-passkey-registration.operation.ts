/** POST /client/v1/me/passkeys/registration/verify: the second step of adding a passkey, the new credential. */
import { finishPasskeyRegistration } from "@/lib/domain/passkeys/finish-passkey-registration";
import { registrationCredentialSchema } from "@/lib/domain/passkeys/passkey-credential";
import { MAX_PASSKEY_NAME_LENGTH } from "@/lib/domain/passkeys/passkey-record";
import { invalidLoginToken, jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { passkeyResponse } from "@/lib/http/passkey-schemas";
import { requestBody } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const finishPasskeyRegistrationRequest = requestBody("FinishPasskeyRegistrationRequest", {
  challenge_id: fields.text("challenge_id", 64),
  credential: registrationCredentialSchema,
  name: fields.optionalText("Name", MAX_PASSKEY_NAME_LENGTH).meta({
    type: "string",
    maxLength: MAX_PASSKEY_NAME_LENGTH,
    description: 'What the customer calls it ("iPhone"); "Passkey" when left out. No control characters.',
  }),
});

export const finishPasskeyRegistrationOperation = defineOperation({
  method: "POST",
  path: "/client/v1/me/passkeys/registration/verify",
  operationId: "finishPasskeyRegistration",
  tag: "accounts",
  summary: "Add a passkey: the credential",
  description:
    "Checks the new credential against the challenge (once, for this customer and API client, within 5 minutes), " +
    "the business's domain, this API client's allowed origins (a web origin, or android:apk-key-hash:… for an " +
    "Android app) and user verification, and stores the passkey. The customer is e-mailed; the webhook event " +
    "customer.passkey.added is sent. Send it as JSON. 404 while passkeys are not enabled.",
  security: "client+bearer",
  body: finishPasskeyRegistrationRequest,
  ok: { status: 201, response: jsonBody("Added", passkeyResponse(201), ["NoStore"]) },
  errors: {
    400: {
      name: "BadRequest",
      description:
        "challenge_id/invalid (unknown, expired, used, another customer's or client's), credential/invalid (a wrong " +
        "origin, RP ID, challenge or type, no user verification, an attestation other than none, malformed), " +
        "credential/unique (a passkey already registered), name/invalid_characters or name/too_long.",
    },
    401: invalidLoginToken,
    404: { name: "NotFound", description: "Passkeys are not enabled on this service." },
    413: "PayloadTooLarge",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, login, client, device }) =>
    success({ passkey: await finishPasskeyRegistration({ login, input, client, device }) }, 201),
});
