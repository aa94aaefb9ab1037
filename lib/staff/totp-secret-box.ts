/**
 * Two-factor (TOTP) secrets at rest: a secret must be read back to check a code, so it cannot be
 * hashed; it is encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from the staff
 * sessions' key (./auth-secret.ts). Changing AUTH_SECRET therefore also voids every enrolment.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "./auth-secret";

const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), "", "remit staff two-factor secret", 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealTotpSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

/** The secret, or null when the box was not sealed with this key (AUTH_SECRET changed) or is damaged. */
export function openTotpSecret(box: string): string | null {
  const [version, iv, tag, sealed] = box.split(".");
  if (version !== VERSION || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
