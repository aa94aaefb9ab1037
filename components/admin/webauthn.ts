/**
 * The browser's side of the back office's passkeys: the server's options (JSON, from
 * @simplewebauthn/server) given to navigator.credentials, and the credential made or used as the
 * JSON the server checks (PublicKeyCredential's own parse…FromJSON and toJSON, WebAuthn level 3).
 */
type JsonCapable = {
  parseCreationOptionsFromJSON(options: unknown): CredentialCreationOptions["publicKey"];
  parseRequestOptionsFromJSON(options: unknown): CredentialRequestOptions["publicKey"];
};

/** Whether this browser can use passkeys as the back office asks (the JSON forms included). */
export function passkeysSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "PublicKeyCredential" in window &&
    "parseRequestOptionsFromJSON" in PublicKeyCredential
  );
}

const parsing = () => PublicKeyCredential as unknown as JsonCapable;

const asJson = (credential: Credential | null): unknown => {
  if (!credential) throw new Error("No passkey was chosen");
  return (credential as PublicKeyCredential & { toJSON(): unknown }).toJSON();
};

/** A new passkey for `options` (PublicKeyCredentialCreationOptionsJSON): the credential's JSON. */
export async function createPasskey(options: unknown): Promise<unknown> {
  return asJson(await navigator.credentials.create({ publicKey: parsing().parseCreationOptionsFromJSON(options) }));
}

/** An assertion for `options` (PublicKeyCredentialRequestOptionsJSON): the credential's JSON. */
export async function passkeyAssertion(options: unknown): Promise<unknown> {
  return asJson(await navigator.credentials.get({ publicKey: parsing().parseRequestOptionsFromJSON(options) }));
}
