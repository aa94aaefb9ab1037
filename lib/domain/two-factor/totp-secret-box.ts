/**
 * Two-factor (TOTP) secrets at rest, staff's and customers': a secret must be read back to check a
 * code, so it cannot be hashed; it is sealed (AES-256-GCM) under a key derived from AUTH_SECRET
 * (lib/platform/auth-secret/index.ts), one key per kind of owner. Changing AUTH_SECRET therefore also
 * voids every enrolment.
 */
import { openWithAuthSecret, sealWithAuthSecret } from "@/lib/platform/auth-secret";

/** Whose secret it is: each kind of owner seals under a key of its own. */
export type TotpOwner = "staff" | "customer";

const purpose = (owner: TotpOwner) => `remit ${owner} two-factor secret`;

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export const sealTotpSecret = (owner: TotpOwner, secret: string): string => sealWithAuthSecret(purpose(owner), secret);

/** The secret, or null when the box was not sealed with this key (AUTH_SECRET changed) or is damaged. */
export const openTotpSecret = (owner: TotpOwner, box: string): string | null => openWithAuthSecret(purpose(owner), box);
