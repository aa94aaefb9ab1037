/**
 * A webhook endpoint's signing secret, per the Standard Webhooks spec (standardwebhooks.com): "whsec_"
 * and the base64 of 32 random bytes, shown once and stored sealed under AUTH_SECRET (signing needs it
 * back). A signature is `v1,` and the base64 HMAC-SHA256 of "id.timestamp.body" under the decoded key.
 */
import { createHmac, randomBytes } from "node:crypto";
import { openWithAuthSecret, sealWithAuthSecret } from "@/lib/platform/auth-secret";

const PREFIX = "whsec_";
const SEAL_PURPOSE = "webhook-secret";

export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString("base64")}`;
}

export const sealWebhookSecret = (secret: string) => sealWithAuthSecret(SEAL_PURPOSE, secret);

/** The secret, or null when it cannot be opened (AUTH_SECRET changed since it was sealed). */
export const openWebhookSecret = (box: string) => openWithAuthSecret(SEAL_PURPOSE, box);

/** The `webhook-signature` header: one `v1,<signature>` per secret, space-separated. */
export function webhookSignature(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(PREFIX.length), "base64");
      return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
    })
    .join(" ");
}
