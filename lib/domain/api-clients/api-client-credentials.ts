/** A fresh client_id and secret; only the secret's hash is stored, the secret itself is shown once. */
import { randomBytes } from "node:crypto";
import { randomToken, sha256 } from "@/lib/platform/secrets";

export function newCredentials() {
  const clientId = `cli_${randomBytes(12).toString("hex")}`;
  const clientSecret = `sec_${randomToken(32)}`;
  return { clientId, clientSecret, secretHash: sha256(clientSecret) };
}
