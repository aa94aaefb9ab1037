/**
 * Two-factor (TOTP) secrets at rest: a secret must be read back to check a code, so it cannot be
 * hashed; it is sealed (AES-256-GCM) under a key derived from AUTH_SECRET (lib/platform/auth-secret.ts).
 * Changing AUTH_SECRET therefore also voids every enrolment.
 */
import { openWithAuthSecret, sealWithAuthSecret } from "@/lib/platform/auth-secret";

const PURPOSE = "remit staff two-factor secret";

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export const sealTotpSecret = (secret: string): string => sealWithAuthSecret(PURPOSE, secret);

/** The secret, or null when the box was not sealed with this key (AUTH_SECRET changed) or is damaged. */
export const openTotpSecret = (box: string): string | null => openWithAuthSecret(PURPOSE, box);
