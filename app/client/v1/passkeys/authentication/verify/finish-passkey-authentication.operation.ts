/** POST /client/v1/passkeys/authentication/verify: the second step of a passkey login, a session's tokens. */
import { finishPasskeyAuthentication } from "@/lib/domain/passkeys/finish-passkey-authentication";
import { authenticationCredentialSchema } from "@/lib/domain/passkeys/passkey-credential";
import { jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { requestBody, sessionTokensResponse, sessionTokensSuccess } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const finishPasskeyAuthenticationRequest = requestBody("FinishPasskeyAuthenticationRequest", {
  challenge_id: fields.text("challenge_id", 64),
  credential: authenticationCredentialSchema,
});

export const finishPasskeyAuthenticationOperation = defineOperation({
  method: "POST",
  path: "/client/v1/passkeys/authentication/verify",
  operationId: "finishPasskeyAuthentication",
  tag: "accounts",
  summary: "Log in with a passkey: the assertion",
  description:
    "Checks the assertion against the challenge (once, for this API client, within 5 minutes), the business's " +
    "domain, this API client's allowed origins, user verification, the passkey's public key and its signature " +
    "counter, and starts a session as POST /client/v1/login does (no second step: a passkey with user verification " +
    "is two factors). Every refusal is the same 401. A counter that went backwards (a copy of the key) is also " +
    "recorded and e-mailed to the customer. Failures count per passkey and per IP address. Send it as JSON.",
  security: "client",
  body: finishPasskeyAuthenticationRequest,
  ok: { status: 200, response: jsonBody("Logged in", sessionTokensResponse(200), ["NoStore"]) },
  errors: {
    400: { name: "BadRequest", description: "A malformed challenge_id or credential (each field named)." },
    401: {
      name: "Unauthorized",
      description:
        "The passkey could not sign in: unknown, a wrong origin or RP ID, a used or expired challenge, a counter that " +
        "went back, a blocked or closed account (one message for all); or invalid client credentials.",
    },
    404: { name: "NotFound", description: "Passkeys are not enabled on this service." },
    413: "PayloadTooLarge",
    429: "TooManyRequests",
    503: "ServiceUnavailable",
  },
  handler: async ({ input, client, device }) =>
    sessionTokensSuccess(await finishPasskeyAuthentication({ input, client, device })),
});
