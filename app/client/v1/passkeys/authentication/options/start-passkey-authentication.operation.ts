/** POST /client/v1/passkeys/authentication/options: the first step of a passkey login. */
import { startPasskeyAuthentication } from "@/lib/domain/passkeys/start-passkey-authentication";
import { jsonBody } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";
import { success } from "@/lib/http/respond";
import { passkeyRequestOptionsResponse } from "@/lib/http/passkey-schemas";
import { requestBody } from "@/lib/http/schemas";
import { fields } from "@/lib/platform/validation/fields";

export const startPasskeyAuthenticationRequest = requestBody("StartPasskeyAuthenticationRequest", {
  email: fields.email().optional(),
});

export const startPasskeyAuthenticationOperation = defineOperation({
  method: "POST",
  path: "/client/v1/passkeys/authentication/options",
  operationId: "startPasskeyAuthentication",
  tag: "accounts",
  summary: "Log in with a passkey: the options",
  description:
    "The request options for the platform's passkey API (user verification required, no allowCredentials: the " +
    "customer picks one of their passkeys for the business's domain) and the challenge_id to send back to " +
    "POST /client/v1/passkeys/authentication/verify within 5 minutes. With `email`, the login is for that account " +
    "only; the answer is the same whether or not the address has one. Limited per IP address. 404 while passkeys are not enabled.",
  security: "client",
  body: startPasskeyAuthenticationRequest,
  ok: { status: 200, response: jsonBody("The options", passkeyRequestOptionsResponse, ["NoStore"]) },
  errors: {
    400: { name: "BadRequest", description: "email/invalid." },
    401: { name: "Unauthorized", description: "Invalid client credentials." },
    404: { name: "NotFound", description: "Passkeys are not enabled on this service." },
    413: "PayloadTooLarge",
    429: {
      name: "TooManyRequests",
      description: "Too many passkey challenges from this IP address: wait Retry-After seconds.",
    },
    503: "ServiceUnavailable",
  },
  handler: async ({ input, client, device }) => success(await startPasskeyAuthentication({ input, client, device })),
});
