/**
 * The /client/v1 passkey operations' shared shapes: the options with their challenge_id, and a
 * passkey as the apps see it (lib/domain/passkeys/passkey-record.ts).
 */
import { z } from "zod";
import { PasskeyDeviceType } from "@/lib/generated/prisma/enums";
import { successEnvelope } from "./schemas";

const challengeId = z
  .string()
  .describe("Send it back with the credential to the matching verify call: valid 5 minutes, once, for this API client");

export const passkeyCreationOptionsResponse = successEnvelope(200, {
  challenge_id: challengeId,
  options: z
    .looseObject({ challenge: z.string(), rp: z.looseObject({ id: z.string(), name: z.string() }) })
    .describe(
      "PublicKeyCredentialCreationOptionsJSON: give it to navigator.credentials.create (PublicKeyCredential.parseCreationOptionsFromJSON), " +
        "ASAuthorizationPlatformPublicKeyCredentialProvider or Credential Manager's CreatePublicKeyCredentialRequest as it is",
    ),
});

export const passkeyRequestOptionsResponse = successEnvelope(200, {
  challenge_id: challengeId,
  options: z
    .looseObject({ challenge: z.string(), rpId: z.string() })
    .describe(
      "PublicKeyCredentialRequestOptionsJSON: give it to navigator.credentials.get (PublicKeyCredential.parseRequestOptionsFromJSON), " +
        "ASAuthorizationPlatformPublicKeyCredentialProvider or Credential Manager's GetPublicKeyCredentialOption as it is",
    ),
});

export const passkeySchema = z
  .object({
    id: z.number().int().describe("Identifies the passkey in POST /client/v1/me/passkeys/{id} and …/remove"),
    name: z.string().describe("The customer's name for it"),
    created_at: z.iso.datetime().describe("When it was added, ISO 8601, UTC"),
    last_used_at: z.iso.datetime().nullable().describe("When it last signed in, ISO 8601, UTC; null if never"),
    backed_up: z
      .boolean()
      .describe("Whether the authenticator says it is backed up (synced to the customer's other devices)"),
    device_type: z.enum(PasskeyDeviceType).describe("single_device: bound to one device; multi_device: may be synced"),
    transports: z.array(z.string()).describe("How the authenticator said it can be reached (internal, hybrid, usb, …)"),
  })
  .meta({ id: "Passkey" });

export const passkeyResponse = (status: 200 | 201) => successEnvelope(status, { passkey: passkeySchema });

export const passkeysResponse = successEnvelope(200, {
  passkeys: z.array(passkeySchema).describe("The customer's passkeys, oldest first"),
});

/** The `{id}` of a passkey's path. */
export const passkeyIdParameter = {
  name: "id",
  description: "The passkey's id, from GET /client/v1/me/passkeys.",
  schema: { type: "string" as const, pattern: "^[1-9][0-9]*$" },
};
