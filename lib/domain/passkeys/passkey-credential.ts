/**
 * The `credential` a registration or a login sends: the JSON of a PublicKeyCredential
 * (RegistrationResponseJSON, AuthenticationResponseJSON), every binary field base64url and bounded,
 * so nothing oversized or malformed reaches @simplewebauthn/server, which checks the rest.
 */
import { z } from "zod";

const base64url = (label: string, max: number) =>
  z
    .string({ error: `${label} must be base64url text` })
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label} must be base64url (A-Z, a-z, 0-9, - and _, no padding)`);

/** A credential id is at most 1023 bytes (WebAuthn): 1364 base64url characters. */
export const MAX_CREDENTIAL_ID_LENGTH = 1364;

const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;

const credentialBase = {
  id: base64url("credential.id", MAX_CREDENTIAL_ID_LENGTH),
  rawId: base64url("credential.rawId", MAX_CREDENTIAL_ID_LENGTH),
  type: z.string().refine((type) => type === "public-key", 'credential.type must be "public-key"'),
  clientExtensionResults: z.looseObject({}).optional().default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationCredentialSchema = z
  .object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url("credential.response.clientDataJSON", 4096),
      attestationObject: base64url("credential.response.attestationObject", 16_384),
      transports: z
        .array(
          z
            .string()
            .refine(
              (transport): transport is (typeof TRANSPORTS)[number] => TRANSPORTS.some((known) => known === transport),
              {
                message: `A transport is one of ${TRANSPORTS.join(", ")}`,
              },
            ),
        )
        .max(TRANSPORTS.length)
        .optional(),
    }),
  })
  .meta({
    id: "PasskeyRegistrationCredential",
    description: "The new credential as RegistrationResponseJSON (PublicKeyCredential.toJSON() on the web)",
  });

export const authenticationCredentialSchema = z
  .object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url("credential.response.clientDataJSON", 4096),
      authenticatorData: base64url("credential.response.authenticatorData", 4096),
      signature: base64url("credential.response.signature", 1024),
      userHandle: base64url("credential.response.userHandle", 128).optional(),
    }),
  })
  .meta({
    id: "PasskeyAuthenticationCredential",
    description: "The assertion as AuthenticationResponseJSON (PublicKeyCredential.toJSON() on the web)",
  });

export type RegistrationCredential = z.infer<typeof registrationCredentialSchema>;
export type AuthenticationCredential = z.infer<typeof authenticationCredentialSchema>;
